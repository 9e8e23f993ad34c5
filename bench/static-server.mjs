// The reference: the site's own HTML for each page, served from memory by plain Node.
// BODIES_FILE names a JSON file { path: html } (pages are too large for the environment).
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const bodies = Object.fromEntries(Object.entries(JSON.parse(readFileSync(process.env.BODIES_FILE, 'utf8'))).map(([k, v]) => [k, Buffer.from(v)]))
createServer((req, res) => {
  const body = bodies[req.url ?? '/'] ?? bodies['/']
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length })
  res.end(body)
}).listen(Number(process.env.PORT), '127.0.0.1')
