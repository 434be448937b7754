import type { ReactNode } from 'react'
import { HydratedApart } from './hydrated-apart'

/**
 * A section below the first screen, named by its heading: a part of its own for hydration (see
 * HydratedApart), on the plain or the alternate background.
 */
export function TitledSection({
  titleId,
  title,
  lead,
  alternate = false,
  anchor,
  children,
}: {
  /** The heading's id, which names the section for assistive technology. */
  titleId: string
  title: ReactNode
  lead?: ReactNode
  alternate?: boolean
  /** The section's own id, when a link leads to it (`/#features`). */
  anchor?: string
  children: ReactNode
}) {
  return (
    <HydratedApart>
      <section
        id={anchor}
        className={alternate ? 'section section--alt' : 'section'}
        aria-labelledby={titleId}
      >
        <div className="container">
          <h2 id={titleId} className="section__title">
            {title}
          </h2>
          {lead === undefined ? null : <p className="section__lead">{lead}</p>}
          {children}
        </div>
      </section>
    </HydratedApart>
  )
}
