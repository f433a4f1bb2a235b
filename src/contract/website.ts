import * as v from 'valibot'

import { endpoint } from './endpoint'
import { imageFile, MAX_IMAGE_BYTES } from './images'
import { BACKGROUND_IDS, FONT_IDS, formText, MAX_SHOP_DESCRIPTION } from './onboarding'

/*
 * Settings → Website (issue 7): how the public shop looks — description, logo, font and background (the shops
 * row set up during onboarding). The URL itself is changed by PATCH /vendor/shop/url.
 */

export const WebsiteSettings = v.object({
  /** The shop URL (vendors.url); null until one is claimed. */
  url: v.nullable(v.string()),
  description: v.string(),
  /** Public /api/files URL of the logo, or null. */
  logoUrl: v.nullable(v.string()),
  font: v.string(),
  background: v.string(),
  /** `${origin}/shop/${url}`, or null without a URL. */
  storefrontUrl: v.nullable(v.string()),
})
export type WebsiteSettings = v.InferOutput<typeof WebsiteSettings>

export const websiteEndpoints = {
  website: endpoint({
    method: 'GET',
    path: '/vendor/website',
    summary: "The shop's look and URL. A vendor that never set up a shop gets the defaults (Inter on Plain).",
    permission: 'VENDOR_SETTINGS',
    response: WebsiteSettings,
  }),
  updateWebsite: endpoint({
    method: 'PATCH',
    path: '/vendor/website',
    summary:
      "Change the shop's look (multipart/form-data): description, font and background from the supported lists, " +
      'optionally a new logo (image ≤ 2 MB) or removeLogo: true. No logo and no removeLogo keeps the current one.',
    permission: 'VENDOR_SETTINGS',
    bodyType: 'multipart',
    maxBodyBytes: MAX_IMAGE_BYTES + 64 * 1024,
    body: v.object({
      logo: v.optional(v.pipe(v.array(imageFile, 'must be a file'), v.maxLength(1, 'must be one image'))),
      removeLogo: v.optional(v.boolean('must be true or false')),
      description: v.pipe(
        formText,
        v.string('is required'),
        v.trim(),
        v.maxLength(MAX_SHOP_DESCRIPTION, `must be at most ${MAX_SHOP_DESCRIPTION} characters`),
      ),
      font: v.picklist(FONT_IDS, 'must be one of the supported fonts'),
      background: v.picklist(BACKGROUND_IDS, 'must be one of the supported backgrounds'),
    }),
    response: WebsiteSettings,
  }),
}
