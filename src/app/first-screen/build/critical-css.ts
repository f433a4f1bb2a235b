import postcss, { type Container } from 'postcss'

/** The class names a selector needs, unescaped (`.c_fg\.default` needs `c_fg.default`). */
function classesOf(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'))
}

/**
 * Build time only: the rules of the app's stylesheet that the given markup can use (decision 099). A selector is
 * kept when every class it names is on some element of the markup; selectors without classes (the reset, tokens,
 * keyframes) are all kept. Panda's atomic classes make this exact enough: a class is one declaration.
 */
export function criticalCss(css: string, html: string): string {
  const used = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)))
  const root = postcss.parse(css)
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as { name: string }).name)) return
    const kept = rule.selectors.filter((selector) => classesOf(selector).every((name) => used.has(name)))
    if (kept.length === 0) rule.remove()
    else rule.selectors = kept
  })
  // A media or layer block whose rules all went is dropped; a layer statement (`@layer a, b;`) has no body and stays.
  const prune = (container: Container) =>
    container.each((node) => {
      if (node.type !== 'atrule' || !node.nodes) return
      prune(node)
      if (node.nodes.length === 0) node.remove()
    })
  prune(root)
  return root.toResult().css
}
