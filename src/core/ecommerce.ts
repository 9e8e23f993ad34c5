/**
 * R4, R7: what the marketing pages push to the tag manager's dataLayer: `detail` when the
 * home premium teaser is seen or the promo page opens, `add` when a download or premium call to
 * action is clicked. Pure: builds the payloads.
 */
import type { Locale } from '#machines/rules/locale.ts'
import type { EcommerceProduct } from './data-layer.ts'

/** The currency the backend prices a locale in (en USD, ru RUB, de EUR). */
export function currencyForLocale(locale: Locale): string {
  return locale === 'ru' ? 'RUB' : locale === 'de' ? 'EUR' : 'USD'
}

/** The launcher for a game version: free. */
export function launcherProduct(product: string, version: { code: string; name: string }): EcommerceProduct {
  return { id: `launcher-${version.code}`, name: `${product} launcher (${version.name})`, price: 0, quantity: 1 }
}

/** Premium before a plan is chosen: its price is only known on the premium page. */
export function premiumProduct(product: string): EcommerceProduct {
  return { id: 'premium', name: `${product} Premium`, price: 0, quantity: 1 }
}
