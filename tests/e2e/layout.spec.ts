/**
 * Layout at phone and tablet widths (R2): no page scrolls sideways, every picture is
 * described and sized, pictures below the first screen load lazily, and the mobile menu closes
 * on a route change and with Escape.
 */
import type { Page } from '@playwright/test'
import { BACKEND } from '../../playwright.config.ts'
import { allowEverything, expect, test } from './support/fixtures.ts'
import { uniqueEmail } from './support/login.ts'
import { LOCALES, type Locale, msg, product } from './support/messages.ts'
import { payWithNotification } from './support/payments.ts'
import { PAGE_ROUTES } from './support/routes.ts'

// The pages as a visitor who has made a cookie choice sees them: the first visit's banner above the
// header (R9.24) is measured in tests/e2e/consent.spec.ts.
test.beforeEach(({ context }) => allowEverything(context))

test.describe.configure({ timeout: 240_000 })

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
] as const

/** Pictures whose top edge is this far down the first screen or further count as below the fold. */
const FOLD = 1.1

interface Picture {
  src: string
  alt: string | null
  width: string | null
  height: string | null
  loading: string | null
  sizes: string | null
  srcset: string | null
  top: number | null
}

async function pictures(page: Page): Promise<Picture[]> {
  return page.evaluate(() =>
    Array.from(document.images).map((img) => ({
      src: img.getAttribute('src') ?? '',
      alt: img.getAttribute('alt'),
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      loading: img.getAttribute('loading'),
      sizes: img.getAttribute('sizes'),
      srcset: img.getAttribute('srcset'),
      top: img.getClientRects().length ? img.getBoundingClientRect().top + window.scrollY : null,
    })),
  )
}

/**
 * What is wrong with the page's layout as a visitor sees it: the document wider than the window,
 * an element of `boxes` outside it, a status badge or price of `badges` broken across lines, a
 * card alone on the last row of a grid of cards, a field's placeholder wider than the field, an
 * e-mail address broken inside a word, and with `header`, a link or button of the header outside
 * it, over another one or taller than a control (48 px).
 */
async function layoutProblems(page: Page, scope: { boxes: string; badges: string; header: boolean }): Promise<string[]> {
  return page.evaluate(({ boxes, badges, header: checkHeader }) => {
    const width = document.documentElement.clientWidth
    const out: string[] = []
    if (document.documentElement.scrollWidth > width) out.push(`the document is ${document.documentElement.scrollWidth} px wide`)
    for (const el of Array.from(document.querySelectorAll(boxes))) {
      const box = el.getBoundingClientRect()
      if (box.width === 0 || getComputedStyle(el).visibility === 'hidden') continue
      if (box.right > width + 0.5 || box.left < -0.5) {
        out.push(
          `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${(el.textContent ?? '').trim().slice(0, 40)}" spans ${Math.round(box.left)}–${Math.round(box.right)} px`,
        )
      }
    }
    // A status badge reads as one word: it never breaks across lines.
    for (const badge of Array.from(document.querySelectorAll(badges))) {
      const cs = getComputedStyle(badge)
      const lineHeight = parseFloat(cs.lineHeight) || parseFloat(cs.fontSize) * 1.2
      const inner =
        badge.getBoundingClientRect().height -
        ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce((sum, k) => sum + parseFloat(cs[k as 'paddingTop']), 0)
      if (inner / lineHeight > 1.5) out.push(`the badge "${badge.textContent}" breaks across lines`)
    }
    // A grid of three cards or more per row never leaves one card alone on its last row.
    for (const grid of Array.from(document.querySelectorAll('.plan-list, .faq-teaser'))) {
      const rows = new Map<number, number>()
      for (const item of Array.from(grid.children)) {
        const top = Math.round(item.getBoundingClientRect().top)
        rows.set(top, (rows.get(top) ?? 0) + 1)
      }
      const counts = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n)
      if (counts.length > 1 && counts[0]! >= 3 && counts.at(-1) === 1)
        out.push(`a card of "${grid.className}" stands alone on its last row (${counts.join(' + ')})`)
    }
    // A field's hint fits in it.
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('main input[placeholder]'))) {
      if (input.offsetWidth === 0 || !input.placeholder) continue
      const cs = getComputedStyle(input)
      const context = document.createElement('canvas').getContext('2d')!
      context.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`
      const room = input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
      if (context.measureText(input.placeholder).width > room + 0.5) out.push(`the placeholder "${input.placeholder}" is cut off`)
    }
    // An e-mail address breaks after its @ or before a dot, never inside a word.
    for (const address of Array.from(document.querySelectorAll('[data-testid="account-email"]'))) {
      // The address's own characters: not the status badge beside it.
      const walker = document.createTreeWalker(address, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) => (node.parentElement?.closest('.badge') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
      })
      let text = ''
      const tops: number[] = []
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i++) {
          const range = document.createRange()
          range.setStart(node, i)
          range.setEnd(node, i + 1)
          tops.push(Math.round(range.getBoundingClientRect().top))
          text += node.textContent![i]
        }
      }
      for (let i = 1; i < tops.length; i++) {
        const allowed = text[i - 1] === '@' || text[i - 1] === '-' || text[i] === '.' || /\s/u.test(text[i - 1]!) || /\s/u.test(text[i]!)
        if (tops[i]! > tops[i - 1]! && !allowed) out.push(`the address "${text.trim()}" breaks inside a word at "${text.slice(i - 3, i + 3)}"`)
      }
    }
    if (checkHeader) {
      // The header's visible links and buttons: inside the header, none over another, none taller than a control.
      const header = document.querySelector('header')!.getBoundingClientRect()
      const controls = Array.from(document.querySelectorAll('header a, header button'))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ el, box }) => box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden')
      for (const { el, box } of controls) {
        if (box.top < header.top - 0.5 || box.bottom > header.bottom + 0.5) out.push(`"${(el.textContent ?? '').trim()}" sticks out of the header`)
        if (box.height > 48.5) out.push(`"${(el.textContent ?? '').trim()}" is ${Math.round(box.height)} px tall`)
      }
      for (let i = 0; i < controls.length; i++) {
        for (let j = i + 1; j < controls.length; j++) {
          const a = controls[i]!
          const b = controls[j]!
          if (a.el.contains(b.el) || b.el.contains(a.el)) continue
          const overlap = a.box.left < b.box.right - 1 && b.box.left < a.box.right - 1 && a.box.top < b.box.bottom - 1 && b.box.top < a.box.bottom - 1
          if (overlap) out.push(`"${(a.el.textContent ?? '').trim()}" covers "${(b.el.textContent ?? '').trim()}"`)
        }
      }
    }
    return out.slice(0, 8)
  }, scope)
}

test.describe('R2: no page scrolls sideways; pictures are described, sized and lazy below the fold', () => {
  for (const locale of LOCALES) {
    for (const size of SIZES) {
      test(`every page in ${locale} at ${size.width} x ${size.height}`, async ({ page, request, hydrated }) => {
        await page.setViewportSize({ width: size.width, height: size.height })
        const problems: string[] = []
        const candidates = new Set<string>()
        // Every page route of R2 (the account page needs a session and is the same layout).
        for (const path of PAGE_ROUTES) {
          const url = `/${locale}${path}`
          const response = await page.goto(url)
          expect(response?.status(), url).toBe(200)
          await hydrated()
          await page.evaluate(() => window.scrollTo(0, 0))

          const { scrollWidth, clientWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          }))
          if (scrollWidth > clientWidth) problems.push(`${url}: the document is ${scrollWidth} px wide in a ${clientWidth} px window`)

          for (const img of await pictures(page)) {
            const name = `${url} <img src="${img.src}">`
            if (!img.alt?.trim()) problems.push(`${name} has no alt text`)
            if (!(Number(img.width) > 0 && Number(img.height) > 0)) problems.push(`${name} has no width and height`)
            if (img.sizes && !img.srcset) problems.push(`${name} has sizes without srcset`)
            if (img.top !== null && img.top >= size.height * FOLD && img.loading !== 'lazy') {
              problems.push(`${name} is ${Math.round(img.top)} px down but not lazy`)
            }
            for (const candidate of img.srcset?.split(',') ?? []) candidates.add(candidate.trim().split(/\s+/)[0]!)
          }
        }
        expect(problems).toEqual([])
        // Every width a srcset offers exists.
        for (const src of candidates) {
          const file = await request.get(src)
          expect(file.status(), src).toBe(200)
          expect(file.headers()['content-type'], src).toMatch(/^image\//)
        }
      })
    }
  }
})

test.describe('R2: the home page offers its pictures in several widths', () => {
  test('the hero, the monitor and the CS:GO picture have a srcset with sizes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/en')
    const hero = page.locator('.hero__art img')
    await expect(hero).toHaveAttribute('srcset', /hero-launcher-480\.webp 480w, \/images\/hero-launcher\.webp 960w/)
    await expect(hero).toHaveAttribute('sizes', /.+/)
    await expect(hero).not.toHaveAttribute('loading', 'lazy')
    const monitor = page.getByTestId('gallery-monitor').locator('img')
    await expect(monitor).toHaveAttribute(
      'srcset',
      /skin-01-small\.webp 320w, \/images\/gallery\/skin-01-640\.webp 640w, \/images\/gallery\/skin-01-big\.webp 1280w/,
    )
    await expect(monitor).toHaveAttribute('sizes', /.+/)
    await expect(monitor).toHaveAttribute('loading', 'lazy')
    // A phone fetches the smaller hero, not the 960 px one.
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/hero-launcher-480\.webp$/)

    // Its top edge is in a phone's first screen: it loads at once, with high priority.
    await page.goto('/en/cs-go')
    const art = page.locator('.csgo__art img')
    await expect(art).toHaveAttribute('fetchpriority', 'high')
    await expect(art).not.toHaveAttribute('loading', 'lazy')
    await expect(art).toHaveAttribute('srcset', /skin-10-640\.webp 640w/)
    const top = await art.evaluate((img) => img.getBoundingClientRect().top)
    expect(top).toBeLessThan(844)
  })
})

test.describe('R2: the mobile menu', () => {
  const open = async (page: Page) => {
    await page.getByTestId('menu-toggle').click()
    await expect(page.getByTestId('menu-toggle')).toHaveAttribute('aria-expanded', 'true')
    await expect(page.locator('#site-menu')).toBeVisible()
  }
  const expectClosed = async (page: Page) => {
    await expect(page.getByTestId('menu-toggle')).toHaveAttribute('aria-expanded', 'false')
    await expect(page.locator('.site-header')).toHaveAttribute('data-menu', 'closed')
    await expect(page.locator('#site-menu')).toBeHidden()
  }

  for (const [locale, from, link, to, heading] of [
    ['en', '/faq', 'nav_wiki', '/wiki', 'page_wiki_heading'],
    ['ru', '/wiki', 'nav_promo', '/promo', 'page_promo_heading'],
  ] as const) {
    test(`closes when a link in it changes the route, and with Escape, focus back on its button (${locale})`, async ({ page, hydrated }) => {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(`/${locale}${from}`)
      await hydrated()
      await expectClosed(page)
      // A marker that survives only an in-page route change (not a new document).
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))

      await open(page)
      await page
        .locator('#site-menu')
        .getByRole('link', { name: msg(locale as Locale, link), exact: true })
        .click()
      await expect(page).toHaveURL(new RegExp(`/${locale}${to}$`))
      await expect(page.locator('h1')).toHaveText(msg(locale as Locale, heading, { product: product(locale as Locale) }))
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
      await expectClosed(page)

      await open(page)
      await page.keyboard.press('Escape')
      await expectClosed(page)
      await expect(page.getByTestId('menu-toggle')).toBeFocused()
    })
  }
})

test.describe('issue 14: signed in, on a phone, nothing is wider than the screen', () => {
  for (const locale of LOCALES) {
    test(`the account, the premium page and the home page in ${locale} at 390 px, with the confirmation dialog open`, async ({
      page,
      request,
      hydrated,
      signIn,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 })
      const { email } = await signIn({ locale })
      // A device bound by the launcher: the account shows it, with its reset button.
      expect((await request.post(`${BACKEND}/__dev/device?email=${encodeURIComponent(email)}`)).ok()).toBe(true)
      const problems: string[] = []
      /** The document and every element of the page's main content stay inside the window. */
      const measure = async (where: string) => {
        problems.push(
          ...(await layoutProblems(page, { boxes: 'main *, [role="dialog"] *', badges: 'main .badge', header: false })).map((p) => `${where}: ${p}`),
        )
      }
      for (const path of ['', '/premium', '/account']) {
        await page.goto(`/${locale}${path}`)
        await hydrated()
        await measure(`/${locale}${path}`)
      }
      await page.getByTestId('reset-device').click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await measure(`/${locale}/account with the dialog`)
      expect(problems).toEqual([])
    })
  }
})

/**
 * Issue 37, part 9: a subscriber's pages at a phone's and a desktop's width in three languages:
 * the premium page with the special offer shown, the account with its payment history and the
 * referral card, and the header. Nothing is wider than the window, no status badge breaks across
 * lines, and the header's links and buttons stay inside it without covering each other.
 */
test.describe('issue 37: a subscriber with an offer and a payment history, at 390 and 1366 px', () => {
  for (const locale of LOCALES) {
    for (const width of [390, 1366] as const) {
      test(`the premium page with the offer, the account and the header in ${locale} at ${width} px`, async ({ page, request, hydrated, signIn }) => {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
        // A long address, as people have: it must break only where an address may.
        const { token } = await signIn({ locale, email: uniqueEmail('firstname.middlename.lastname.account') })
        // A trial and then a month, paid as the provider notifies them: two rows of history, and the offer.
        await payWithNotification(request, token, { subscriptionId: 1, locale })
        await payWithNotification(request, token, { subscriptionId: 3, locale })
        const problems: string[] = []
        const measure = async (where: string) => {
          problems.push(
            ...(await layoutProblems(page, { boxes: 'main *, header *', badges: 'main .badge, header .badge', header: true })).map((p) => `${where}: ${p}`),
          )
        }
        await page.goto(`/${locale}/premium`)
        await hydrated()
        await expect(page.getByTestId('offer-card')).toBeVisible()
        await measure(`/${locale}/premium`)
        await page.goto(`/${locale}/account`)
        await hydrated()
        await expect(page.getByTestId('payment-row')).toHaveCount(2)
        await expect(page.getByTestId('special-offer')).toBeVisible()
        await expect(page.getByTestId('referral-link')).toBeVisible()
        await measure(`/${locale}/account`)
        // The home page's questions and the wiki's search.
        await page.goto(`/${locale}`)
        await hydrated()
        await measure(`/${locale}`)
        await page.goto(`/${locale}/wiki`)
        await hydrated()
        await measure(`/${locale}/wiki`)
        expect(problems).toEqual([])
      })
    }
  }
})
