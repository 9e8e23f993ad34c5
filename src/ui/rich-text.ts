/**
 * The copy format of FAQ answers, wiki sections and legal documents: paragraphs separated by a
 * blank line, list items on lines starting with "- ". Pure: text in, blocks out.
 */
export type Block = { type: 'p'; text: string } | { type: 'ul'; items: string[] }

export function textBlocks(text: string): Block[] {
  const blocks: Block[] = []
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    let para: string[] = []
    let list: string[] = []
    const flushPara = () => {
      if (para.length) blocks.push({ type: 'p', text: para.join(' ') })
      para = []
    }
    const flushList = () => {
      if (list.length) blocks.push({ type: 'ul', items: list })
      list = []
    }
    for (const raw of chunk.split('\n')) {
      const line = raw.trim()
      if (!line) continue
      if (/^[-•]\s+/.test(line)) {
        flushPara()
        list.push(line.replace(/^[-•]\s+/, ''))
      } else {
        flushList()
        para.push(line)
      }
    }
    flushPara()
    flushList()
  }
  return blocks
}

/** Splits a text around e-mail addresses so they can be rendered as mailto links. */
export function splitEmails(text: string): Array<{ text: string; email: boolean }> {
  const parts: Array<{ text: string; email: boolean }> = []
  const re = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g
  let last = 0
  for (const match of text.matchAll(re)) {
    const start = match.index ?? 0
    if (start > last) parts.push({ text: text.slice(last, start), email: false })
    parts.push({ text: match[0], email: true })
    last = start + match[0].length
  }
  if (last < text.length) parts.push({ text: text.slice(last), email: false })
  return parts
}
