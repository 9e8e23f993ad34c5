import './fetch-mock'
import type { Decorator, Preview } from '@storybook/react-vite'
import { useGlobals } from 'storybook/preview-api'
import { configure } from 'storybook/test'
import { toast } from 'sonner'
import { overwriteGetLocale, type Locale } from '~/paraglide/runtime'
import { isLocale } from '#machines/rules/locale'
import type { BrandId } from '../app.config'
import { SiteFrame, type SiteParameters } from './site'
import { watchStoryStatus } from './status'
import { inspect, resetInspection } from './inspector'
import '../src/styles/app.css'
import '../src/styles/account.css'
import '../src/styles/premium.css'
import '../src/styles/marketing.css'
import './stories.css'

// Interaction checks wait up to 5 s for what appears asynchronously (lazily loaded toasts,
// animated dialogs): the default second is too short on a busy two-core machine.
configure({ asyncUtilTimeout: 5000 })

let currentLocale: Locale = 'en'
// Paraglide reads the locale through this function on every message call.
overwriteGetLocale(() => currentLocale)

const withSite: Decorator = (Story, context) => {
  const [globals, updateGlobals] = useGlobals()
  const locale: Locale = isLocale(globals.locale) ? globals.locale : 'en'
  const brand: BrandId = globals.brand === 'mirror' ? 'mirror' : 'original'
  currentLocale = locale
  document.documentElement.lang = locale
  const params = (context.parameters.site ?? {}) as SiteParameters
  return (
    <SiteFrame
      key={`${context.id}:${locale}:${brand}`}
      Story={Story}
      params={params}
      brand={brand}
      onLocaleChange={(next) => updateGlobals({ locale: next })}
      inspect={inspect}
    />
  )
}

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Language of the messages',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'ru', title: 'Русский' },
          { value: 'de', title: 'Deutsch' },
        ],
        dynamicTitle: true,
      },
    },
    brand: {
      description: 'Original domain or mirror domain',
      toolbar: {
        title: 'Brand',
        icon: 'mirror',
        items: [
          { value: 'original', title: 'Original' },
          { value: 'mirror', title: 'Mirror' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en', brand: 'original' },
  decorators: [withSite],
  parameters: {
    layout: 'fullscreen',
    backgrounds: { disable: true },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
  beforeEach: (context) => {
    watchStoryStatus(context.parameters.expectedConsoleErrors as RegExp[] | undefined)
    // Toasts of the previous story are gone (sonner keeps them in a module-level store).
    toast.dismiss()
    resetInspection()
    // Each story starts from a fresh visit: no stored premium state or countdown deadline.
    window.sessionStorage.clear()
    window.localStorage.clear()
    document.cookie.split(';').forEach((c) => {
      const name = c.split('=')[0]?.trim()
      if (name) document.cookie = `${name}=; max-age=0; path=/`
    })
  },
}

export default preview
