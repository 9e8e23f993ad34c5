import type { LegalDocumentId } from '#app/content/legal.ts'
import type { LegalPage } from '#app/core/locale.ts'
import { m } from '#app/paraglide/messages.js'

/** The legal documents, each with its page and its name in links, in the order the footer and the legal pages list them. */
export const LEGAL_DOCUMENT_LINKS: ReadonlyArray<{ id: LegalDocumentId; path: LegalPage; label: () => string }> = [
  { id: 'oferta', path: 'oferta', label: () => m.footer_oferta() },
  { id: 'user_license', path: 'user-license', label: () => m.footer_user_license() },
  { id: 'policy', path: 'policy', label: () => m.footer_policy() },
  { id: 'cookies_policy', path: 'cookies-policy', label: () => m.footer_cookies_policy() },
]
