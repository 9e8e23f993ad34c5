import type { AreaKey } from './area-key.ts'
import type * as wikiText from './messages/wiki.ts'

/** The name of one of this area's messages (messages/wiki/{locale}.json): checked by the compiler. */
type MessageKey = AreaKey<typeof wikiText>

export interface WikiSection {
  /** Stable kebab-case fragment id, unique across all articles. */
  readonly anchor: string
  readonly title: MessageKey
  /** Paragraphs are split by "\n\n", list lines start with "- ". Takes no inputs. */
  readonly body: MessageKey
}

export interface WikiArticle {
  /** Kebab-case; its message keys use the same words in snake_case (`wiki_<slug>_…`). */
  readonly slug: string
  readonly anchor: string
  readonly title: MessageKey
  /** One sentence, for the article list and search results. */
  readonly summary: MessageKey
  readonly sections: readonly WikiSection[]
}

/** The wiki articles, in display order. */
export const WIKI_ARTICLES = [
  {
    slug: 'installation',
    anchor: 'installation',
    title: 'wiki_installation_title',
    summary: 'wiki_installation_summary',
    sections: [
      { anchor: 'installation-requirements', title: 'wiki_installation_s1_title', body: 'wiki_installation_s1_body' },
      { anchor: 'installation-download', title: 'wiki_installation_s2_title', body: 'wiki_installation_s2_body' },
      { anchor: 'installation-run', title: 'wiki_installation_s3_title', body: 'wiki_installation_s3_body' },
      { anchor: 'installation-updates', title: 'wiki_installation_s4_title', body: 'wiki_installation_s4_body' },
    ],
  },
  {
    slug: 'first-launch',
    anchor: 'first-launch',
    title: 'wiki_first_launch_title',
    summary: 'wiki_first_launch_summary',
    sections: [
      { anchor: 'first-launch-start', title: 'wiki_first_launch_s1_title', body: 'wiki_first_launch_s1_body' },
      { anchor: 'first-launch-sign-in', title: 'wiki_first_launch_s2_title', body: 'wiki_first_launch_s2_body' },
      { anchor: 'first-launch-device', title: 'wiki_first_launch_s3_title', body: 'wiki_first_launch_s3_body' },
      { anchor: 'first-launch-settings', title: 'wiki_first_launch_s4_title', body: 'wiki_first_launch_s4_body' },
    ],
  },
  {
    slug: 'applying-skins',
    anchor: 'applying-skins',
    title: 'wiki_applying_skins_title',
    summary: 'wiki_applying_skins_summary',
    sections: [
      { anchor: 'applying-skins-catalogue', title: 'wiki_applying_skins_s1_title', body: 'wiki_applying_skins_s1_body' },
      { anchor: 'applying-skins-apply', title: 'wiki_applying_skins_s2_title', body: 'wiki_applying_skins_s2_body' },
      { anchor: 'applying-skins-knives-gloves', title: 'wiki_applying_skins_s3_title', body: 'wiki_applying_skins_s3_body' },
      { anchor: 'applying-skins-reset', title: 'wiki_applying_skins_s4_title', body: 'wiki_applying_skins_s4_body' },
    ],
  },
  {
    slug: 'presets',
    anchor: 'presets',
    title: 'wiki_presets_title',
    summary: 'wiki_presets_summary',
    sections: [
      { anchor: 'presets-about', title: 'wiki_presets_s1_title', body: 'wiki_presets_s1_body' },
      { anchor: 'presets-create', title: 'wiki_presets_s2_title', body: 'wiki_presets_s2_body' },
      { anchor: 'presets-switch', title: 'wiki_presets_s3_title', body: 'wiki_presets_s3_body' },
      { anchor: 'presets-after-premium', title: 'wiki_presets_s4_title', body: 'wiki_presets_s4_body' },
    ],
  },
  {
    slug: 'troubleshooting',
    anchor: 'troubleshooting',
    title: 'wiki_troubleshooting_title',
    summary: 'wiki_troubleshooting_summary',
    sections: [
      { anchor: 'troubleshooting-launcher', title: 'wiki_troubleshooting_s1_title', body: 'wiki_troubleshooting_s1_body' },
      { anchor: 'troubleshooting-game-update', title: 'wiki_troubleshooting_s2_title', body: 'wiki_troubleshooting_s2_body' },
      { anchor: 'troubleshooting-antivirus', title: 'wiki_troubleshooting_s3_title', body: 'wiki_troubleshooting_s3_body' },
      { anchor: 'troubleshooting-support', title: 'wiki_troubleshooting_s4_title', body: 'wiki_troubleshooting_s4_body' },
    ],
  },
  {
    slug: 'account-devices',
    anchor: 'account-devices',
    title: 'wiki_account_devices_title',
    summary: 'wiki_account_devices_summary',
    sections: [
      { anchor: 'account-devices-binding', title: 'wiki_account_devices_s1_title', body: 'wiki_account_devices_s1_body' },
      { anchor: 'account-devices-reset', title: 'wiki_account_devices_s2_title', body: 'wiki_account_devices_s2_body' },
      { anchor: 'account-devices-email', title: 'wiki_account_devices_s3_title', body: 'wiki_account_devices_s3_body' },
      { anchor: 'account-devices-subscription', title: 'wiki_account_devices_s4_title', body: 'wiki_account_devices_s4_body' },
      { anchor: 'account-devices-referral', title: 'wiki_account_devices_s5_title', body: 'wiki_account_devices_s5_body' },
    ],
  },
] as const satisfies readonly WikiArticle[]

export type WikiSlug = (typeof WIKI_ARTICLES)[number]['slug']
export type WikiSectionAnchor = (typeof WIKI_ARTICLES)[number]['sections'][number]['anchor']

/** The UI texts of the wiki page. */
export const WIKI_UI = {
  searchLabel: 'wiki_search_label',
  searchPlaceholder: 'wiki_search_placeholder',
  searchEmpty: 'wiki_search_empty',
  tocTitle: 'wiki_toc_title',
} as const satisfies Record<string, MessageKey>
