import postcss from 'postcss'

/** A selector that matches every element or one of its pseudo-elements: `*`, `::before`, `::after`, `::backdrop`. */
const EVERY_ELEMENT = /^(?:\*|::?before|::?after|::backdrop)$/

/**
 * Build time only (panda.config.ts, decision 116): the stylesheet without the custom properties that its rules for
 * every element declare and that nothing reads. Panda's base preset gives every element and pseudo-element 33 of
 * them (`--blur`, `--translate-x`, …) for its filter, transform and scroll-snap utilities; the browser computes each
 * on every element at every style pass, which made a whole screen's pass 10–30 % longer. A property some
 * rule reads (`var(--translate-x)`, once a screen uses the utility) stays, and nothing else in the sheet changes.
 * The app's own inline styles read none of them; one that did would have to name its property in a rule too.
 */
export function dropUnreadProperties(css: string): string {
  const read = new Set([...css.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]))
  const root = postcss.parse(css)
  root.walkRules((rule) => {
    if (!rule.selectors.every((selector) => EVERY_ELEMENT.test(selector.trim()))) return
    rule.walkDecls(/^--/, (decl) => {
      if (!read.has(decl.prop)) decl.remove()
    })
    if (rule.nodes.length === 0) rule.remove()
  })
  return root.toString()
}
