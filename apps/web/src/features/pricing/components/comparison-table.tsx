import { PLANS } from '@devenv/domain/plans'
import { type RefObject, useEffect, useId, useRef } from 'react'
import { Icon } from '../../../components/ui/icons'
import { useT } from '../../../lib/i18n/i18n'
import { type ComparisonValue, comparisonCategories } from '../comparison'

function Cell({ value }: { value: ComparisonValue }) {
  const t = useT()
  if (typeof value === 'string') return <>{value}</>
  return (
    <>
      <Icon name={value ? 'check' : 'cross'} size={20} className={value ? 'yes' : 'no'} />
      <span className="visually-hidden">
        {value ? t('pricing.compare.included') : t('pricing.compare.notIncluded')}
      </span>
    </>
  )
}

/**
 * Marks on the frame which edges of the scrolled table have more beyond them (`data-more`: `start`,
 * `end`, both or none); the frame's fades follow it. Written to the DOM, not to React's state: a
 * scroll re-renders nothing.
 */
function useScrollEdges(scroller: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = scroller.current
    const frame = element?.parentElement
    if (!element || !frame) return
    const update = () => {
      const end = element.scrollWidth - element.clientWidth
      // Right to left the offset runs from 0 to -end: its size is the distance from the start.
      const from = Math.abs(element.scrollLeft)
      const more = [from > 1 ? 'start' : null, end - from > 1 ? 'end' : null]
      frame.dataset.more = more.filter(Boolean).join(' ')
    }
    update()
    element.addEventListener('scroll', update, { passive: true })
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update)
    resized?.observe(element)
    return () => {
      element.removeEventListener('scroll', update)
      resized?.disconnect()
      delete frame.dataset.more
    }
  }, [scroller])
}

export function ComparisonTable() {
  const t = useT()
  const categories = comparisonCategories(t)
  const id = useId()
  const scroller = useRef<HTMLDivElement>(null)
  useScrollEdges(scroller)
  return (
    <div className="comparison-frame">
      {/* Shown only while the table is wider than its frame (a phone): there the plans to the
          right are out of sight, and nothing else says so. */}
      <p className="comparison-frame__hint">
        <Icon name="sideways" size={18} />
        {t('pricing.compare.scrollHint')}
      </p>
      <div className="comparison-frame__edges">
        {/* A scrolled box is reached and scrolled from the keyboard too (WCAG 2.1.1), and says
            what it holds when it takes the focus. A group, not a region: the section around it
            is already the region named 'Compare plans', and landmarks' names must differ. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset groups a form's fields; this is a scrolled box */}
        <div
          ref={scroller}
          className="table-scroll"
          role="group"
          aria-labelledby={`${id}-caption`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled box takes the focus to be scrolled by keys
          tabIndex={0}
        >
          <table className="comparison">
            <caption id={`${id}-caption`} className="visually-hidden">
              {t('pricing.compare.heading')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('pricing.compare.feature')}</th>
                {PLANS.map((plan) => (
                  <th scope="col" key={plan.id}>
                    {plan.name}
                  </th>
                ))}
              </tr>
            </thead>
            {categories.map((category) => (
              <tbody key={category.category}>
                <tr className="comparison__category">
                  <th scope="colgroup" colSpan={PLANS.length + 1}>
                    <Icon name={category.icon} size={18} />
                    {category.category}
                  </th>
                </tr>
                {category.features.map((feature) => (
                  <tr key={feature.name}>
                    <th scope="row">{feature.name}</th>
                    {feature.values.map((value, index) => (
                      <td key={PLANS[index]?.id ?? index}>
                        <Cell value={value} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      </div>
    </div>
  )
}
