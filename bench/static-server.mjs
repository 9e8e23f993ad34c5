// The reference: the site's own HTML for each page, served from memory by plain Node.
import { createServer } from 'node:http'

const bodies = Object.fromEntries(Object.entries(JSON.parse(process.env.BODIES ?? '{}')).map(([k, v]) => [k, Buffer.from(v)]))
createServer((req, res) => {
  const body = bodies[req.url ?? '/'] ?? bodies['/']
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length })
  res.end(body)
}).listen(Number(process.env.PORT), '127.0.0.1')
