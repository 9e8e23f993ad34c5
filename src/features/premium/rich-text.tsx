import { Fragment, type ReactNode } from 'react'

const MARK = '\u0000'

/**
 * Renders a message whose placeholders are elements (links inside a sentence): the message is
 * called with markers, and the text between them is kept as is, so each language keeps its
 * own word order.
 */
export function richText<K extends string>(message: (inputs: Record<K, string>) => string, parts: Record<K, ReactNode>): ReactNode {
  const keys = Object.keys(parts) as K[]
  const markers = Object.fromEntries(keys.map((key) => [key, `${MARK}${key}${MARK}`])) as Record<K, string>
  const pieces = message(markers).split(MARK)
  return pieces.map((piece, index) => (index % 2 === 1 && (keys as string[]).includes(piece) ? <Fragment key={index}>{parts[piece as K]}</Fragment> : piece))
}
