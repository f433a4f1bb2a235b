/**
 * The service worker's runtime cache of uploaded files (product images, pay-link QR codes) served from
 * /api/files/{key}. Keys are random and never reused, so a cached file is never stale (docs/decisions/032).
 */
export const FILE_CACHE = 'uploaded-files'
export const FILES_PATH = '/api/files/'
