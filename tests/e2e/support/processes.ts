/** Plain HTTP and process helpers for the tests that start their own servers (issues 17, 18). */
import { readdirSync, readFileSync } from 'node:fs'
import { get as httpGet } from 'node:http'

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

/** A GET on a connection of its own, as separate visitors make them (no pooled, kept-alive socket). */
export function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent: false, headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }))
    }).on('error', reject)
  })
}

/** The processes whose parent is `pid`, read from /proc. */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid
      } catch {
        return false
      }
    })
    .map(Number)
}
