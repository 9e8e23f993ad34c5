import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { AccountArea } from '#app/features/account/account-area.tsx'
import { SignInForm } from '#app/features/account/sign-in-form.tsx'
import { Countdown } from '#app/features/marketing/countdown.tsx'
import { FaqList } from '#app/features/marketing/faq-list.tsx'
import {
  FaqTeaser,
  FeaturesSection,
  GallerySection,
  HomeHero,
  PremiumTeaser,
  StepsSection,
  useSelectedVersion,
  VersionsSection,
} from '#app/features/marketing/home.tsx'
import { PromoSlider } from '#app/features/marketing/promo-slider.tsx'
import { Wiki } from '#app/features/marketing/wiki.tsx'
import { PremiumPlans } from '#app/features/premium/premium-plans.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { plansOk, USER_WITH_SUBSCRIPTION } from '../../.storybook/fixtures.ts'
import type { SiteParameters } from '../../.storybook/site.tsx'
import { PageIntro } from './page-intro.tsx'
import { useSite } from './use-site.ts'

/**
 * Each page's main sections with the site chrome, as the routes compose them, in English,
 * Russian and German (the locale toolbar; here per story) and on the mirror brand.
 */
function HomePage() {
  const [versionId, setVersionId] = useSelectedVersion()
  return (
    <div className="marketing home">
      <HomeHero versionId={versionId} />
      <VersionsSection versionId={versionId} onChange={setVersionId} />
      <FeaturesSection />
      <StepsSection />
      <PremiumTeaser />
      <GallerySection />
      <FaqTeaser />
    </div>
  )
}

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

const PAGES = { home: HomePage, premium: PremiumPage, promo: PromoPage, faq: FaqList, wiki: Wiki, login: LoginPage, account: AccountPage }
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

const LOCALES = { En: 'en', Ru: 'ru', De: 'de' } as const
const signedIn: SiteParameters = { layout: 'chrome', user: USER_WITH_SUBSCRIPTION, api: { 'GET /users/me': () => USER_WITH_SUBSCRIPTION } }
const withPath = (path: string, extra: SiteParameters = {}) => ({ site: { layout: 'chrome', path, ...extra } satisfies SiteParameters })

export const HomeEn: Story = { globals: { locale: LOCALES.En } }
export const HomeRu: Story = { globals: { locale: LOCALES.Ru } }
export const HomeDe: Story = { globals: { locale: LOCALES.De } }
export const HomeMirror: Story = { globals: { brand: 'mirror' } }
export const PremiumEn: Story = { args: { page: 'premium' }, parameters: withPath('/premium', signedIn), globals: { locale: 'en' } }
export const PremiumRu: Story = { args: { page: 'premium' }, parameters: withPath('/premium', signedIn), globals: { locale: 'ru' } }
export const PremiumDe: Story = { args: { page: 'premium' }, parameters: withPath('/premium', signedIn), globals: { locale: 'de' } }
export const PromoEn: Story = { args: { page: 'promo' }, parameters: withPath('/promo'), globals: { locale: 'en' } }
export const PromoRu: Story = { args: { page: 'promo' }, parameters: withPath('/promo'), globals: { locale: 'ru' } }
export const PromoDe: Story = { args: { page: 'promo' }, parameters: withPath('/promo'), globals: { locale: 'de' } }
export const FaqEn: Story = { args: { page: 'faq' }, parameters: withPath('/faq'), globals: { locale: 'en' } }
export const FaqRu: Story = { args: { page: 'faq' }, parameters: withPath('/faq'), globals: { locale: 'ru' } }
export const FaqDe: Story = { args: { page: 'faq' }, parameters: withPath('/faq'), globals: { locale: 'de' } }
export const WikiEn: Story = { args: { page: 'wiki' }, parameters: withPath('/wiki'), globals: { locale: 'en' } }
export const WikiRu: Story = { args: { page: 'wiki' }, parameters: withPath('/wiki'), globals: { locale: 'ru' } }
export const WikiDe: Story = { args: { page: 'wiki' }, parameters: withPath('/wiki'), globals: { locale: 'de' } }
export const LoginEn: Story = { args: { page: 'login' }, parameters: withPath('/login'), globals: { locale: 'en' } }
export const LoginRu: Story = { args: { page: 'login' }, parameters: withPath('/login'), globals: { locale: 'ru' } }
export const LoginDe: Story = { args: { page: 'login' }, parameters: withPath('/login'), globals: { locale: 'de' } }
export const AccountEn: Story = { args: { page: 'account' }, parameters: withPath('/account', signedIn), globals: { locale: 'en' } }
export const AccountRu: Story = { args: { page: 'account' }, parameters: withPath('/account', signedIn), globals: { locale: 'ru' } }
export const AccountDe: Story = { args: { page: 'account' }, parameters: withPath('/account', signedIn), globals: { locale: 'de' } }
