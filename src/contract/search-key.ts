/**
 * What a typed search and the text it looks for are compared as: lower case, letters and digits only, so
 * "GT Bank", "gtbank" and "G.T.Bank" compare alike. Letters of any script are kept.
 */
export const searchKey = (text: string): string =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
