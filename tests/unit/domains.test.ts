import { describe, expect, it } from 'vitest'

import { normaliseDomain } from '#contract/domains'

/* normaliseDomain: what the app's live check and the server both store and compare (decision 063). */

describe('normaliseDomain', () => {
  it.each([
    ['https://Shop.Example.com/', 'shop.example.com'],
    ['shop.example.com.', 'shop.example.com'],
    ['  MamaPut.NG  ', 'mamaput.ng'],
    ['x.com:8080/path?q=1#top', 'x.com'],
    ['mämä.ng', 'xn--mm-viab.ng'],
    ['xn--mm-viaa.ng', 'xn--mm-viaa.ng'],
    ['shop．example．com', 'shop.example.com'],
    [`${'a'.repeat(63)}.ng`, `${'a'.repeat(63)}.ng`],
  ])('%s → %s', (input, expected) => {
    expect(normaliseDomain(input)).toBe(expected)
  })

  it.each([
    '',
    'http://',
    'localhost',
    'shop',
    '1.2.3.4',
    '0x7f.1',
    '[::1]',
    'user@x.com',
    'a b.com',
    'a%41.com',
    '-bad.com',
    'bad-.com',
    'a..com',
    '.com',
    'x_y.com',
    'x.123',
    `${'a'.repeat(64)}.ng`,
    `${'abcdefghi.'.repeat(26)}ng`,
  ])('refuses %j', (input) => {
    expect(normaliseDomain(input)).toBeNull()
  })
})
