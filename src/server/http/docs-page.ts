/*
 * A readable API reference rendered on the server from the OpenAPI document: no scripts and no CDN, so it works
 * offline and under the same strict Content-Security-Policy as the app.
 */

type Json = Record<string, unknown>

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

const pretty = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:24px;color:#1a1a1a}
h1{margin-bottom:4px}h2{margin-top:40px;border-bottom:1px solid #ddd;text-transform:capitalize}
section{border:1px solid #e3e3e3;border-radius:8px;padding:12px 16px;margin:12px 0}
.method{display:inline-block;min-width:64px;font-weight:700;font-family:monospace}
.GET{color:#0a6}.POST{color:#06c}.PATCH{color:#a60}.PUT{color:#a60}.DELETE{color:#c22}
code,pre{font-family:ui-monospace,monospace;font-size:13px}
pre{background:#f6f6f6;padding:8px;border-radius:6px;overflow:auto;max-height:360px}
.tag{display:inline-block;background:#eef;border-radius:4px;padding:0 6px;margin-right:6px;font-size:13px}
details summary{cursor:pointer;color:#444}
nav a{margin-right:12px}
`

type Response = { content?: Record<string, { schema: unknown }> }

/** The `code`s an error response lists (http/openapi-responses.ts: the envelope narrowed to this operation's codes). */
function errorCodes(response: Response | undefined): string[] {
  const schema = response?.content?.['application/json']?.schema as { allOf?: { properties?: { code?: { enum?: string[] } } }[] }
  return schema?.allOf?.flatMap((part) => part.properties?.code?.enum ?? []) ?? []
}

/** Each error status with the codes the operation answers under it. */
function errorList(responses: Record<string, Response>): string {
  const errors = Object.entries(responses).filter(([status]) => !status.startsWith('2'))
  if (!errors.length) return ''
  const codes = (response: Response) => errorCodes(response).map((code) => `<code>${escapeHtml(code)}</code>`)
  const rows = errors.map(([status, response]) => `<li><strong>${escapeHtml(status)}</strong> ${codes(response).join(', ')}</li>`)
  return `<details><summary>Errors: ${escapeHtml(errors.map(([status]) => status).join(', '))}</summary><ul>${rows.join('')}</ul></details>`
}

function renderOperation(path: string, method: string, op: Json): string {
  const upper = method.toUpperCase()
  const id = String(op.operationId)
  const parameters = (op.parameters as Json[] | undefined) ?? []
  // JSON, or multipart/form-data for uploads.
  const [mediaType, body] = Object.entries(
    (op.requestBody as { content: Record<string, { schema: unknown }> } | undefined)?.content ?? {},
  )[0] ?? ['', undefined]
  // The success (200, or 201 where the call creates): the JSON envelope, or a file (text/csv) for a download.
  const responses = op.responses as Record<string, Response>
  const okStatus = Object.keys(responses).find((status) => status.startsWith('2')) ?? '200'
  const [okType, ok] = (Object.entries(responses[okStatus]?.content ?? {})[0] ?? ['', undefined]) as [
    string,
    { schema: unknown } | undefined,
  ]
  const security = ((op.security as Json[] | undefined) ?? []).flatMap((requirement) => Object.keys(requirement))
  const tags = [
    `<span class="tag">access: ${escapeHtml(String(op['x-access']))}</span>`,
    op['x-permission'] ? `<span class="tag">permission: ${escapeHtml(String(op['x-permission']))}</span>` : '',
    op['x-idempotent'] ? '<span class="tag">Idempotency-Key required</span>' : '',
    ...security.map((scheme) => `<span class="tag">security: ${escapeHtml(scheme)}</span>`),
  ].join('')
  return `<section id="${escapeHtml(id)}">
<div><span class="method ${upper}">${upper}</span> <code>/api${escapeHtml(path)}</code> — <strong>${escapeHtml(id)}</strong></div>
<p>${escapeHtml(String(op.summary ?? ''))}</p>
<p>${tags}</p>
<p>${escapeHtml(String(op.description ?? ''))}</p>
${parameters.length ? `<details><summary>Parameters</summary>${pretty(parameters)}</details>` : ''}
${body ? `<details><summary>Request body (${escapeHtml(mediaType)})</summary>${pretty(body.schema)}</details>` : ''}
${errorList(responses)}
${ok ? `<details><summary>Response ${okStatus}${okType === 'application/json' ? '' : ` (${escapeHtml(okType)})`}</summary>${pretty(ok.schema)}</details>` : ''}
</section>`
}

/** components.securitySchemes: how a caller proves who it is, each with its description. */
function schemes(document: Json): string {
  const all = ((document.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, { description?: string }>
  const rows = Object.entries(all).map(
    ([name, scheme]) => `<li><strong>${escapeHtml(name)}</strong>: ${escapeHtml(scheme.description ?? '')}</li>`,
  )
  return rows.length ? `<details><summary>Security schemes</summary><ul>${rows.join('')}</ul></details>` : ''
}

export function renderDocsPage(document: Json): string {
  const info = document.info as { title: string; description: string }
  const paths = document.paths as Record<string, Record<string, Json>>
  const byTag = new Map<string, string[]>()
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = String((op.tags as string[] | undefined)?.[0] ?? 'api')
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(path, method, op)])
    }
  }
  const tags = [...byTag.keys()].sort()
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(info.title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(info.title)}</h1>
<p>${escapeHtml(info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Authenticated calls send
<code>Authorization: Bearer &lt;token&gt;</code>.</p>
${schemes(document)}
<nav>${tags.map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join('')}</nav>
${tags.map((tag) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${byTag.get(tag)!.join('\n')}`).join('\n')}
</body></html>`
}
