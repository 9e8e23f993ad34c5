import type { Locale } from '#machines/rules/locale.ts'

/**
 * A compiled message as the content calls it: Paraglide's messages take their own inputs; the
 * content passes a record of strings.
 */
// biome-ignore lint/suspicious/noExplicitAny: each message declares its own inputs
export type MessageFn = (inputs?: any, options?: { locale?: Locale }) => string

/**
 * The keys of one area's messages (`AreaKey<typeof faqText>` for messages/faq): the content
 * indexes name their texts by these, so a key that is not in the area does not compile.
 */
export type AreaKey<Area> = { [K in keyof Area]: Area[K] extends MessageFn ? K : never }[keyof Area] & string
