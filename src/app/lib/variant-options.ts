/*
 * How a variant's options read on screen, in every area that shows one (catalogue, orders, the storefront): SPEC §3,
 * an options map may carry an `id` key, which is never shown.
 */
export type VariantOptions = Record<string, string>

/** The options a person reads, in their order, without the hidden `id`. */
export function visibleOptions(options: VariantOptions): [string, string][] {
  return Object.entries(options).filter(([name]) => name.toLowerCase() !== 'id')
}

/** 'Size: M · Colour: Red'; a product without options has one variant, called 'Default' (the catalogue's name for it). */
export function optionsLabel(options: VariantOptions): string {
  return optionsText(options) || 'Default'
}

/** 'Size: Large · Colour: Red', or '' when there is nothing to show (an order line says nothing rather than 'Default'). */
export function optionsText(options: VariantOptions): string {
  return visibleOptions(options)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ')
}
