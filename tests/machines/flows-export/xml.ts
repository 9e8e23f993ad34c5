/**
 * A small strict XML 1.0 parser for the tests of docs/flows/*.scxml: it answers the element tree
 * or throws at the first well-formedness error (unclosed or mismatched tags, an unquoted or
 * repeated attribute, `<` in an attribute, an unknown entity, a bare `&`, text or a second
 * element outside the root, `--` in a comment). No DTDs (SCXML needs none): a DOCTYPE is an error.
 */

export interface XmlElement {
  name: string
  attributes: Record<string, string>
  children: XmlElement[]
  /** The element's own text, entities decoded (text of child elements not included). */
  text: string
  /** 1-based line of the start tag. */
  line: number
}

const NAME_START = /[A-Za-z_:]/u
const NAME = /^[A-Za-z_:][A-Za-z0-9._:-]*/u
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

export function parseXml(source: string): XmlElement {
  let at = 0
  const lineAt = (index: number) => source.slice(0, index).split('\n').length
  const fail = (message: string): never => {
    throw new Error(`XML line ${lineAt(at)}: ${message}`)
  }
  const startsWith = (text: string) => source.startsWith(text, at)
  const skipSpace = () => {
    while (at < source.length && /[ \t\r\n]/u.test(source[at]!)) at++
  }
  const name = (): string => {
    const match = NAME.exec(source.slice(at, at + 200))
    if (!match) fail(`a name expected, found ${JSON.stringify(source.slice(at, at + 10))}`)
    at += match![0].length
    return match![0]
  }
  const decode = (raw: string, where: string): string =>
    raw.replace(/&([^;]*);|&/gu, (whole, entity: string | undefined) => {
      if (entity === undefined) fail(`a bare "&" in ${where}`)
      if (entity!.startsWith('#x') && /^#x[0-9A-Fa-f]+$/u.test(entity!)) return String.fromCodePoint(Number.parseInt(entity!.slice(2), 16))
      if (/^#[0-9]+$/u.test(entity!)) return String.fromCodePoint(Number.parseInt(entity!.slice(1), 10))
      const value = ENTITIES[entity!]
      if (value === undefined) fail(`unknown entity "${whole}" in ${where}`)
      return value!
    })
  const comment = () => {
    const end = source.indexOf('-->', at + 4)
    if (end === -1) fail('unclosed comment')
    if (source.slice(at + 4, end).includes('--') || source[end - 1] === '-') fail('"--" inside a comment')
    at = end + 3
  }
  const instruction = () => {
    const end = source.indexOf('?>', at)
    if (end === -1) fail('unclosed processing instruction')
    at = end + 2
  }
  /** Comments, instructions and white space; anything else outside the root is an error. */
  const misc = (where: string) => {
    for (;;) {
      skipSpace()
      if (startsWith('<!--')) comment()
      else if (startsWith('<?')) {
        if (/^<\?xml[ \t\r\n?]/iu.test(source.slice(at, at + 6))) fail('an XML declaration that is not at the very start')
        instruction()
      } else if (startsWith('<!')) fail('DOCTYPE and other declarations are not accepted')
      else if (at < source.length && !startsWith('<')) fail(`text ${where} the root element`)
      else return
    }
  }
  const element = (): XmlElement => {
    const line = lineAt(at)
    at++ // <
    const tag = name()
    const attributes: Record<string, string> = {}
    for (;;) {
      const before = at
      skipSpace()
      if (at >= source.length) fail(`the start tag <${tag}> is not closed`)
      if (startsWith('/>') || startsWith('>')) break
      if (at === before) fail(`white space expected before an attribute of <${tag}>`)
      if (!NAME_START.test(source[at] ?? '')) fail(`an attribute name expected in <${tag}>`)
      const key = name()
      if (key in attributes) fail(`attribute "${key}" repeated in <${tag}>`)
      skipSpace()
      if (source[at] !== '=') fail(`"=" expected after attribute "${key}" of <${tag}>`)
      at++
      skipSpace()
      const quote = source[at]
      if (quote !== '"' && quote !== "'") fail(`attribute "${key}" of <${tag}> is not quoted`)
      const end = source.indexOf(quote!, at + 1)
      if (end === -1) fail(`attribute "${key}" of <${tag}> is not closed`)
      const raw = source.slice(at + 1, end)
      if (raw.includes('<')) fail(`"<" in attribute "${key}" of <${tag}>`)
      attributes[key] = decode(raw, `attribute "${key}" of <${tag}>`)
      at = end + 1
    }
    const node: XmlElement = { name: tag, attributes, children: [], text: '', line }
    if (startsWith('/>')) {
      at += 2
      return node
    }
    at++ // >
    for (;;) {
      if (at >= source.length) fail(`<${tag}> (line ${line}) is not closed`)
      if (startsWith('</')) {
        at += 2
        const closing = name()
        if (closing !== tag) fail(`</${closing}> closes <${tag}> (line ${line})`)
        skipSpace()
        if (source[at] !== '>') fail(`">" expected after </${closing}`)
        at++
        return node
      }
      if (startsWith('<!--')) comment()
      else if (startsWith('<![CDATA[')) {
        const end = source.indexOf(']]>', at)
        if (end === -1) fail('unclosed CDATA section')
        node.text += source.slice(at + 9, end)
        at = end + 3
      } else if (startsWith('<?')) instruction()
      else if (startsWith('<!')) fail('a declaration inside an element')
      else if (startsWith('<')) node.children.push(element())
      else {
        const end = source.indexOf('<', at)
        const raw = source.slice(at, end === -1 ? source.length : end)
        if (raw.includes(']]>')) fail('"]]>" in text')
        node.text += decode(raw, `the text of <${tag}>`)
        at += raw.length
      }
    }
  }

  if (source.startsWith('\uFEFF')) at = 1
  if (/^<\?xml[ \t\r\n]/u.test(source.slice(at, at + 6))) {
    const end = source.indexOf('?>', at)
    if (end === -1) fail('unclosed XML declaration')
    const declaration = source.slice(at, end)
    if (
      !/^<\?xml\s+version\s*=\s*(["'])1\.[0-9]+\1(\s+encoding\s*=\s*(["'])[A-Za-z][A-Za-z0-9._-]*\3)?(\s+standalone\s*=\s*(["'])(yes|no)\5)?\s*$/u.test(
        declaration,
      )
    )
      fail(`malformed XML declaration ${JSON.stringify(declaration)}`)
    at = end + 2
  }
  misc('before')
  if (!startsWith('<')) fail('no root element')
  const root = element()
  misc('after')
  if (at < source.length) fail('a second root element')
  return root
}
