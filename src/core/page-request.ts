/**
 * What a server function needs to answer as the page that called it would have been rendered:
 * the page's language. A server function runs at its own address (`/_serverFn/…`), which names
 * no language, so the caller sends it: the server when it renders a page, the browser after a
 * link inside the site. The brand needs no argument: the call goes to the page's own host.
 */
import { type } from 'arktype'
import { LOCALES } from '#machines/rules/locale.ts'

export const PageRequest = type({ locale: type.enumerated(...LOCALES) })
export type PageRequest = typeof PageRequest.infer
