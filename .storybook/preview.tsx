import './fetch-mock.ts'
import type { Decorator, Preview } from '@storybook/react-vite'
import { configure } from 'storybook/test'
import { MINIMAL_VIEWPORTS } from 'storybook/viewport'
import type { BrandId } from '#config'
import { endChecks, startChecks } from './checks.ts'
import { localeOf, resetStoryGlobals } from './globals.ts'
import { inspect } from './inspector.ts'
import { type SiteParameters, StoryFrame } from './site.tsx'
import { PHONE, VIEWPORT_OPTIONS } from './viewports.ts'
import '#app/styles/app.css'
import '#app/styles/account.css'
import '#app/styles/premium.css'
import '#app/styles/marketing.css'
import './stories.css'

// Interaction checks wait up to 5 s for what appears asynchronously (lazily loaded toasts,
// animated dialogs): the default second is too short on a busy two-core machine.
configure({ asyncUtilTimeout: 5000 })

/**
 * The site frame around every story, in the locale and brand of the story's globals. A
 * toolbar change remounts it, as a document load would on the site. The language switcher
 * inside a story switches that story's frame only (`StoryFrame`): a story never changes the
 * globals, so the next story never inherits a language.
 */
const withSite: Decorator = (Story, context) => {
  const locale = localeOf(context.globals)
  const brand: BrandId = context.globals.brand === 'mirror' ? 'mirror' : 'original'
  const params = (context.parameters.site ?? {}) as SiteParameters
  return <StoryFrame key={`${context.id}:${locale}:${brand}`} Story={Story} params={params} locale={locale} brand={brand} inspect={inspect} />
}

/** A global the toolbar sets from a menu that shows the chosen item's title. */
function toolbarMenu(description: string, title: string, icon: string, items: Array<{ value: string; title: string }>) {
  return { description, toolbar: { title, icon, items, dynamicTitle: true } }
}

const preview: Preview = {
  globalTypes: {
    locale: toolbarMenu('Language of the messages', 'Locale', 'globe', [
      { value: 'en', title: 'English' },
      { value: 'ru', title: 'Русский' },
      { value: 'de', title: 'Deutsch' },
    ]),
    brand: toolbarMenu('Original domain or mirror domain', 'Brand', 'mirror', [
      { value: 'original', title: 'Original' },
      { value: 'mirror', title: 'Mirror' },
    ]),
  },
  initialGlobals: { locale: 'en', brand: 'original' },
  decorators: [withSite],
  parameters: {
    layout: 'fullscreen',
    backgrounds: { disable: true },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Phone-width stories set the `phone` viewport (./viewports.ts), in the UI and in the stories test alike.
    viewport: { options: { ...MINIMAL_VIEWPORTS, ...VIEWPORT_OPTIONS } },
    // The stories test fails a story on any axe violation in its document (Storybook's own elements aside).
    a11y: { test: 'error' },
  },
  beforeEach: (context) => {
    startChecks(context.parameters.expectedConsoleErrors as RegExp[] | undefined)
    // Every story starts from its own globals and a fresh document state (./globals.ts).
    resetStoryGlobals(context.globals)
    // A story tagged `mobile` must be seen at a phone width: its viewport global sets it.
    if (context.tags.includes('mobile') && window.innerWidth > PHONE.width) {
      console.error(`"${context.title} / ${context.name}" is tagged mobile but renders ${window.innerWidth} px wide`)
    }
  },
  // A story that logged an error it does not expect, or whose page had a request fail, fails.
  afterEach: () => endChecks(),
}

export default preview
