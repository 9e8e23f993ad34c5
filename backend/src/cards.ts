/** A card's brand from its first digits (the BIN): what the provider's notification names, or the merchant reads from a masked number. */
export function cardBrand(bin: string): string {
  if (bin.startsWith('4')) return 'Visa'
  if (/^5[1-5]/.test(bin) || /^2(2[2-9]|[3-6]\d|7[01]|720)/.test(bin)) return 'MasterCard'
  if (/^220[0-4]/.test(bin)) return 'Mir'
  return 'Unknown'
}
