import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { useSite } from '#app/core/use-site.ts'
import { AccountArea } from '#app/features/account/account-area.tsx'
import { SignInForm } from '#app/features/account/sign-in-form.tsx'
import { Countdown } from '#app/features/marketing/countdown.tsx'
import { FaqList } from '#app/features/marketing/faq-list.tsx'
import { PromoSlider } from '#app/features/marketing/promo-slider.tsx'
import { Wiki } from '#app/features/marketing/wiki.tsx'
import { PremiumPlans } from '#app/features/premium/premium-plans.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { Route as HomeRoute } from '#app/routes/index.tsx'
import { PageIntro } from '#app/ui/page-intro.tsx'
import type { Locale } from '#machines/rules/locale.ts'
import { plansOk, USER_WITH_SUBSCRIPTION } from '#stories/fixtures.ts'
import type { SiteParameters } from '#stories/site.tsx'
import { inLocale } from '#stories/support.tsx'

/**
 * Each page's main sections with the site chrome, as the routes compose them, in English,
 * Russian and German (the locale toolbar; here per story) and on the mirror brand.
 */
function PremiumPage() {
  const { product } = useSite()
  const locale = getLocale()
  return (
    <>
      <PageIntro heading={m.page_premium_heading({ product })} intro={m.page_premium_intro({ product })} />
      <PremiumPlans initial={plansOk(locale === 'ru' ? 'RUB' : locale === 'de' ? 'EUR' : 'USD')} offer={null} takeOffer={false} locale={locale} />
    </>
  )
}

function PromoPage() {
  const { product } = useSite()
  return (
    <div className="marketing promo">
      <div className="promo__head">
        <PageIntro heading={m.page_promo_heading({ product })} intro={m.page_promo_intro({ product })} />
        <div className="promo__offer">
          <p className="offer__title">{m.home_countdown_title()}</p>
          <Countdown />
        </div>
      </div>
      <PromoSlider />
      <p className="promo__terms">{m.promo_terms()}</p>
    </div>
  )
}

function LoginPage() {
  const { product } = useSite()
  return (
    <PageIntro heading={m.page_login_heading({ product })} intro={m.page_login_intro({ product })}>
      <SignInForm />
    </PageIntro>
  )
}

function AccountPage() {
  const { product } = useSite()
  return (
    <PageIntro heading={m.page_account_heading({ product })} intro={m.page_account_intro({ product })}>
      <AccountArea offer={null} />
    </PageIntro>
  )
}

const PAGES = { home: HomeRoute.options.component!, premium: PremiumPage, promo: PromoPage, faq: FaqList, wiki: Wiki, login: LoginPage, account: AccountPage }
type PageName = keyof typeof PAGES

function Page({ page }: { page: PageName }) {
  const Component = PAGES[page]
  return <Component />
}

const meta = {
  title: 'Pages/Main sections',
  component: Page,
  args: { page: 'home' },
  argTypes: { page: { control: 'select', options: Object.keys(PAGES) } },
  parameters: { site: { layout: 'chrome' } satisfies SiteParameters },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.site-header')).not.toBeNull())
    await expect(document.documentElement.lang).toBe(getLocale())
  },
} satisfies Meta<typeof Page>
export default meta
type Story = StoryObj<typeof meta>

/** The pages for signed-in visitors: their stories have a user with a subscription. */
const SIGNED_IN_PAGES: readonly PageName[] = ['premium', 'account']
const signedIn: SiteParameters = { user: USER_WITH_SUBSCRIPTION, api: { 'GET /users/me': () => USER_WITH_SUBSCRIPTION } }

/** The page at its path (`/premium` for `premium`) with the site chrome, in a language. */
function pageIn(page: PageName, locale: Locale): Story {
  const site: SiteParameters = { layout: 'chrome', path: `/${page}`, ...(SIGNED_IN_PAGES.includes(page) ? signedIn : {}) }
  const story: Story = { args: { page }, parameters: { site } }
  return inLocale(locale, story)
}

export const HomeEn: Story = inLocale('en')
export const HomeRu: Story = inLocale('ru')
export const HomeDe: Story = inLocale('de')
export const HomeMirror: Story = { globals: { brand: 'mirror' } }
export const PremiumEn = pageIn('premium', 'en')
export const PremiumRu = pageIn('premium', 'ru')
export const PremiumDe = pageIn('premium', 'de')
export const PromoEn = pageIn('promo', 'en')
export const PromoRu = pageIn('promo', 'ru')
export const PromoDe = pageIn('promo', 'de')
export const FaqEn = pageIn('faq', 'en')
export const FaqRu = pageIn('faq', 'ru')
export const FaqDe = pageIn('faq', 'de')
export const WikiEn = pageIn('wiki', 'en')
export const WikiRu = pageIn('wiki', 'ru')
export const WikiDe = pageIn('wiki', 'de')
export const LoginEn = pageIn('login', 'en')
export const LoginRu = pageIn('login', 'ru')
export const LoginDe = pageIn('login', 'de')
export const AccountEn = pageIn('account', 'en')
export const AccountRu = pageIn('account', 'ru')
export const AccountDe = pageIn('account', 'de')
