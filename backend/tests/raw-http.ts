import { connect } from 'node:net'

export interface RawReply {
  status: number
  headers: Record<string, string>
  body: string
}

/** Writes bytes to host:port and reads the answer; resolves only once the server closed the connection (fails after 10 s). */
export function rawRequest(port: number, bytes: Buffer | string, host = '127.0.0.1'): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host })
    const chunks: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`No answer within 10 s; got ${JSON.stringify(Buffer.concat(chunks).toString('latin1'))}`))
    }, 10_000)
    socket.on('data', (d: Buffer) => chunks.push(d))
    socket.on('error', () => undefined) // the server may reset a socket it already answered
    socket.on('close', () => {
      clearTimeout(timer)
      const text = Buffer.concat(chunks).toString('utf8')
      const split = text.indexOf('\r\n\r\n')
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim()
      resolve({ status: Number(statusLine?.split(' ')[1]), headers, body: text.slice(split + 4) })
    })
    socket.write(bytes)
  })
}
