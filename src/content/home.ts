import type { AreaKey } from './area-key.ts'
import type * as homeText from './messages/home.ts'

/** The name of one of this area's messages (messages/home/{locale}.json): checked by the compiler. */
type MessageKey = AreaKey<typeof homeText>

export interface HomeCard {
  readonly id: string
  /** Icon name hint for the UI. */
  readonly icon: string
  readonly title: MessageKey
  readonly text: MessageKey
}

/** The six feature cards of the home page, in display order. */
export const HOME_FEATURES = [
  { id: 'catalogue', icon: 'crosshair', title: 'home_feature_1_title', text: 'home_feature_1_text' },
  { id: 'knives-gloves', icon: 'knife', title: 'home_feature_2_title', text: 'home_feature_2_text' },
  { id: 'local-only', icon: 'eye', title: 'home_feature_3_title', text: 'home_feature_3_text' },
  { id: 'presets', icon: 'layers', title: 'home_feature_4_title', text: 'home_feature_4_text' },
  { id: 'updates', icon: 'refresh', title: 'home_feature_5_title', text: 'home_feature_5_text' },
  { id: 'versions', icon: 'versions', title: 'home_feature_6_title', text: 'home_feature_6_text' },
] as const satisfies readonly HomeCard[]

/** The four "How it works" steps of the home page, in order. */
export const HOME_STEPS = [
  { id: 'download', icon: 'download', title: 'home_how_step_1_title', text: 'home_how_step_1_text' },
  { id: 'install', icon: 'package', title: 'home_how_step_2_title', text: 'home_how_step_2_text' },
  { id: 'sign-in', icon: 'mail', title: 'home_how_step_3_title', text: 'home_how_step_3_text' },
  { id: 'play', icon: 'play', title: 'home_how_step_4_title', text: 'home_how_step_4_text' },
] as const satisfies readonly HomeCard[]

/** The countdown unit labels, from the largest unit. */
export const HOME_COUNTDOWN_UNITS = [
  { unit: 'hours', label: 'home_countdown_hours' },
  { unit: 'minutes', label: 'home_countdown_minutes' },
  { unit: 'seconds', label: 'home_countdown_seconds' },
] as const satisfies readonly { unit: string; label: MessageKey }[]
