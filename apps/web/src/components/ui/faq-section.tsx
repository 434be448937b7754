import type { MessageParams } from '@devenv/domain/messages'
import { type SharedMessageCode, useT } from '../../lib/i18n/i18n'
import { Accordion } from './accordion'
import { HydratedApart } from './hydrated-apart'

/** One question; `params` fill the answer's placeholders (figures come from the domain). */
export type FaqEntry = {
  id: string
  question: SharedMessageCode
  answer: SharedMessageCode
  params?: MessageParams
}

/** A titled FAQ accordion on the alternate background, as the pricing and contact pages show it. */
export function FaqSection({
  id,
  heading,
  entries,
}: {
  id: string
  heading: SharedMessageCode
  entries: ReadonlyArray<FaqEntry>
}) {
  const t = useT()
  return (
    <section className="section section--alt" aria-labelledby={id}>
      <div className="container container--narrow">
        <h2 id={id} className="section__title">
          {t(heading)}
        </h2>
        <HydratedApart>
          <Accordion
            items={entries.map((entry) => ({
              id: entry.id,
              question: t(entry.question),
              answer: t(entry.answer, entry.params),
            }))}
          />
        </HydratedApart>
      </div>
    </section>
  )
}
