/**
 * Index of the legal documents: for each document, the message key of its revision date and,
 * in order, its sections with a stable anchor (the fragment id on the page) and the message keys
 * of the section title and body. Texts live in messages/legal/<locale>.json; the Russian text is
 * the original, English is its equivalent, and German pages show the English text.
 *
 * Bodies are plain text: paragraphs are separated by a blank line, list items are lines starting
 * with "- ". Messages take the parameters product, email and operator.
 */
export const LEGAL_DOCUMENTS = {
  oferta: {
    updated: 'legal_oferta_updated',
    sections: [
      { anchor: 'subject', title: 'legal_oferta_s1_title', body: 'legal_oferta_s1_body' },
      { anchor: 'acceptance', title: 'legal_oferta_s2_title', body: 'legal_oferta_s2_body' },
      { anchor: 'plans-and-prices', title: 'legal_oferta_s3_title', body: 'legal_oferta_s3_body' },
      { anchor: 'trial', title: 'legal_oferta_s4_title', body: 'legal_oferta_s4_body' },
      { anchor: 'recurring-payments', title: 'legal_oferta_s5_title', body: 'legal_oferta_s5_body' },
      { anchor: 'service-delivery', title: 'legal_oferta_s6_title', body: 'legal_oferta_s6_body' },
      { anchor: 'referral-program', title: 'legal_oferta_s7_title', body: 'legal_oferta_s7_body' },
      { anchor: 'refunds', title: 'legal_oferta_s8_title', body: 'legal_oferta_s8_body' },
      { anchor: 'rights-and-obligations', title: 'legal_oferta_s9_title', body: 'legal_oferta_s9_body' },
      { anchor: 'liability', title: 'legal_oferta_s10_title', body: 'legal_oferta_s10_body' },
      { anchor: 'disputes', title: 'legal_oferta_s11_title', body: 'legal_oferta_s11_body' },
      { anchor: 'term-and-changes', title: 'legal_oferta_s12_title', body: 'legal_oferta_s12_body' },
      { anchor: 'contacts', title: 'legal_oferta_s13_title', body: 'legal_oferta_s13_body' },
    ],
  },
  user_license: {
    updated: 'legal_user_license_updated',
    sections: [
      { anchor: 'general', title: 'legal_user_license_s1_title', body: 'legal_user_license_s1_body' },
      { anchor: 'license-grant', title: 'legal_user_license_s2_title', body: 'legal_user_license_s2_body' },
      { anchor: 'restrictions', title: 'legal_user_license_s3_title', body: 'legal_user_license_s3_body' },
      { anchor: 'account-and-device', title: 'legal_user_license_s4_title', body: 'legal_user_license_s4_body' },
      { anchor: 'free-and-premium', title: 'legal_user_license_s5_title', body: 'legal_user_license_s5_body' },
      { anchor: 'updates', title: 'legal_user_license_s6_title', body: 'legal_user_license_s6_body' },
      { anchor: 'third-party-games-and-trademarks', title: 'legal_user_license_s7_title', body: 'legal_user_license_s7_body' },
      { anchor: 'game-rules', title: 'legal_user_license_s8_title', body: 'legal_user_license_s8_body' },
      { anchor: 'intellectual-property', title: 'legal_user_license_s9_title', body: 'legal_user_license_s9_body' },
      { anchor: 'no-warranty', title: 'legal_user_license_s10_title', body: 'legal_user_license_s10_body' },
      { anchor: 'limitation-of-liability', title: 'legal_user_license_s11_title', body: 'legal_user_license_s11_body' },
      { anchor: 'termination', title: 'legal_user_license_s12_title', body: 'legal_user_license_s12_body' },
      { anchor: 'governing-terms', title: 'legal_user_license_s13_title', body: 'legal_user_license_s13_body' },
      { anchor: 'contacts', title: 'legal_user_license_s14_title', body: 'legal_user_license_s14_body' },
    ],
  },
  policy: {
    updated: 'legal_policy_updated',
    sections: [
      { anchor: 'general', title: 'legal_policy_s1_title', body: 'legal_policy_s1_body' },
      { anchor: 'controller', title: 'legal_policy_s2_title', body: 'legal_policy_s2_body' },
      { anchor: 'data-we-collect', title: 'legal_policy_s3_title', body: 'legal_policy_s3_body' },
      { anchor: 'purposes', title: 'legal_policy_s4_title', body: 'legal_policy_s4_body' },
      { anchor: 'legal-bases', title: 'legal_policy_s5_title', body: 'legal_policy_s5_body' },
      { anchor: 'retention', title: 'legal_policy_s6_title', body: 'legal_policy_s6_body' },
      { anchor: 'sharing', title: 'legal_policy_s7_title', body: 'legal_policy_s7_body' },
      { anchor: 'cross-border-transfers', title: 'legal_policy_s8_title', body: 'legal_policy_s8_body' },
      { anchor: 'your-rights', title: 'legal_policy_s9_title', body: 'legal_policy_s9_body' },
      { anchor: 'children', title: 'legal_policy_s10_title', body: 'legal_policy_s10_body' },
      { anchor: 'security', title: 'legal_policy_s11_title', body: 'legal_policy_s11_body' },
      { anchor: 'contacts', title: 'legal_policy_s12_title', body: 'legal_policy_s12_body' },
      { anchor: 'changes', title: 'legal_policy_s13_title', body: 'legal_policy_s13_body' },
    ],
  },
  cookies_policy: {
    updated: 'legal_cookies_policy_updated',
    sections: [
      { anchor: 'general', title: 'legal_cookies_policy_s1_title', body: 'legal_cookies_policy_s1_body' },
      { anchor: 'what-are-cookies', title: 'legal_cookies_policy_s2_title', body: 'legal_cookies_policy_s2_body' },
      { anchor: 'categories', title: 'legal_cookies_policy_s3_title', body: 'legal_cookies_policy_s3_body' },
      { anchor: 'cookie-list', title: 'legal_cookies_policy_s4_title', body: 'legal_cookies_policy_s4_body' },
      { anchor: 'third-party-services', title: 'legal_cookies_policy_s5_title', body: 'legal_cookies_policy_s5_body' },
      { anchor: 'managing-cookies', title: 'legal_cookies_policy_s6_title', body: 'legal_cookies_policy_s6_body' },
      { anchor: 'analytics-opt-out', title: 'legal_cookies_policy_s7_title', body: 'legal_cookies_policy_s7_body' },
      { anchor: 'changes', title: 'legal_cookies_policy_s8_title', body: 'legal_cookies_policy_s8_body' },
      { anchor: 'contacts', title: 'legal_cookies_policy_s9_title', body: 'legal_cookies_policy_s9_body' },
    ],
  },
} as const

export type LegalDocumentId = keyof typeof LEGAL_DOCUMENTS
export type LegalSection = (typeof LEGAL_DOCUMENTS)[LegalDocumentId]['sections'][number]
