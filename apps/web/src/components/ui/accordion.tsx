import { useId, useState } from 'react'
import { Icon } from './icons'

export type AccordionItem = { id: string; question: string; answer: string }

/** FAQ items that open and close independently (PLAN-2, CONTACT-1); a disclosure per item. */
export function Accordion({
  items,
  headingLevel = 3,
}: {
  items: readonly AccordionItem[]
  headingLevel?: 2 | 3 | 4
}) {
  const baseId = useId()
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set())
  const Heading = `h${headingLevel}` as const

  const toggle = (id: string) => {
    setOpen((previous) => {
      const next = new Set(previous)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  }

  return (
    <div className="accordion">
      {items.map((item) => {
        const expanded = open.has(item.id)
        const buttonId = `${baseId}-${item.id}-button`
        const panelId = `${baseId}-${item.id}-panel`
        return (
          <div className="accordion__item" key={item.id}>
            <Heading className="accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span>{item.question}</span>
                <Icon name="chevron" size={20} className="accordion__chevron" />
              </button>
            </Heading>
            <section
              id={panelId}
              className="accordion__panel"
              aria-labelledby={buttonId}
              hidden={!expanded}
            >
              <p>{item.answer}</p>
            </section>
          </div>
        )
      })}
    </div>
  )
}
