/** Decision 025: the page's scripts start after the first paint. */
import { Buffer } from 'node:buffer'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { paintFirst, starterScript } from '#app/core/paint-first.ts'
import { paintFirstBytes } from '#app/server/paint-first.server.ts'

const PAGE =
  '<html><head><link rel="preload" as="image" href="/images/hero.webp"/>' +
  '<link rel="modulepreload" href="/assets/index-A.js" fetchPriority="low" nonce="N1"/>' +
  '<link rel="modulepreload" href="/assets/react-B.js" fetchPriority="low" nonce="N1"/>' +
  '<link rel="modulepreload" href="/assets/routes-C.js" fetchPriority="low" nonce="N1"/>' +
  '<link rel="canonical" href="http://site/"/></head><body><main>Hello</main>' +
  '<script nonce="N1">self.$_TSR={}</script>' +
  '<script type="module" async="" src="/assets/index-A.js" nonce="N1"></script></body></html>'

describe('paint first', () => {
  it("drops the head's module preloads and starts the entry from an inline script with the same nonce", () => {
    const html = paintFirst(PAGE)
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(html).not.toContain('<script type="module"')
    expect(html).toContain('<link rel="preload" as="image" href="/images/hero.webp"/>')
    expect(html).toContain('<link rel="canonical" href="http://site/"/>')
    expect(html).toContain('<script nonce="N1">self.$_TSR={}</script>')
    expect(html).toContain(`<script nonce="N1">${starterScript('/assets/index-A.js', ['/assets/react-B.js', '/assets/routes-C.js'])}</script></body>`)
  })

  it("starts React's chunk first and leaves it out of the preloads (decision 025)", () => {
    const page = PAGE.replace('/assets/react-B.js', '/assets/react-dom-B.js')
    expect(paintFirst(page)).toContain(
      `<script nonce="N1">${starterScript('/assets/index-A.js', ['/assets/routes-C.js'], '/assets/react-dom-B.js')}</script></body>`,
    )
  })

  it('decision 084: a guest page without a nonce gets a starter without one', () => {
    const html = paintFirst(PAGE.replaceAll(' nonce="N1"', ''))
    expect(html).not.toContain('nonce')
    expect(html).toContain(`<script>${starterScript('/assets/index-A.js', ['/assets/react-B.js', '/assets/routes-C.js'])}</script></body>`)
  })

  it('leaves a page without the expected entry script as it is', () => {
    const page = '<html><body><p>Internal Server Error</p></body></html>'
    expect(paintFirst(page)).toBe(page)
    const other = PAGE.replace('type="module" async=""', 'type="module"')
    expect(paintFirst(other)).toBe(other)
  })

  it('the starter preloads the chunks and imports the entry once, after a painted frame or half a second', () => {
    const appended: string[] = []
    const imported: string[] = []
    const frames: Array<() => void> = []
    const timers: Array<{ fn: () => void; ms: number }> = []
    const code = starterScript('/assets/index-A.js', ['/assets/react-B.js']).replace('import(', '__import(')
    const listeners: Array<(e: unknown) => void> = []
    const submits: Array<(e: unknown) => void> = []
    const dataset: Record<string, string> = {}
    const context: Record<string, unknown> = {
      addEventListener: (type: string, fn: (e: unknown) => void, capture: boolean) =>
        capture && (type === 'click' ? listeners.push(fn) : type === 'submit' ? submits.push(fn) : 0),
      location: { origin: 'http://site', pathname: '/ru', search: '' },
      document: {
        documentElement: { dataset },
        createElement: () => ({}),
        head: { appendChild: (l: { rel: string; href: string }) => appended.push(`${l.rel} ${l.href}`) },
      },
      requestAnimationFrame: (fn: () => void) => frames.push(fn),
      setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
      __import: (src: string) => {
        imported.push(src)
        return new Promise(() => {})
      },
    }
    context.window = context
    runInNewContext(code, context)
    expect(imported).toEqual([])
    expect(timers.map((t) => t.ms)).toEqual([500])
    frames[0]!()
    timers.find((t) => t.ms === 0)!.fn()
    // The entry first; the chunks' preloads in a task of their own.
    expect(imported).toEqual(['/assets/index-A.js'])
    expect(appended).toEqual([])
    const zeroTimers = timers.filter((t) => t.ms === 0)
    expect(zeroTimers).toHaveLength(2)
    zeroTimers[1]!.fn()
    expect(appended).toEqual(['modulepreload /assets/react-B.js'])
    // The fallback timer finds it done.
    timers.find((t) => t.ms === 500)!.fn()
    expect(imported).toEqual(['/assets/index-A.js'])

    // Until the page is interactive, a plain left click on a link to another page is held.
    expect(listeners).toHaveLength(1)
    const click = (link: Record<string, string>, extra: Record<string, unknown> = {}) => {
      let held = false
      const a = { origin: 'http://site', pathname: '/ru/faq', search: '', hash: '', target: '', ...link }
      listeners[0]!({
        target: { closest: () => a },
        button: 0,
        defaultPrevented: false,
        preventDefault: () => {},
        stopPropagation: () => (held = true),
        ...extra,
      })
      return held ? (context.window as { __earlyNavigation?: string }).__earlyNavigation : null
    }
    expect(click({ hash: '#trial-plan' })).toBe('/ru/faq#trial-plan')
    expect(click({ origin: 'http://other' })).toBeNull()
    expect(click({ target: '_blank' })).toBeNull()
    expect(click({}, { ctrlKey: true })).toBeNull()
    expect(click({ pathname: '/ru', hash: '#main' })).toBeNull()
    dataset.hydrated = 'true'
    expect(click({ pathname: '/de' })).toBeNull()
  })

  it('the starter adds the preloads three to a task, in the order the page named them', () => {
    const appended: string[][] = []
    const pending: Array<() => void> = []
    const chunks = ['/assets/a.js', '/assets/b.js', '/assets/c.js', '/assets/d.js', '/assets/e.js', '/assets/f.js', '/assets/g.js']
    const code = starterScript('/assets/index-A.js', chunks).replace('import(', '__import(')
    const context: Record<string, unknown> = {
      addEventListener: () => {},
      document: {
        documentElement: { dataset: {} },
        createElement: () => ({}),
        head: { appendChild: (l: { href: string }) => appended.at(-1)!.push(l.href) },
      },
      requestAnimationFrame: (fn: () => void) => fn(),
      setTimeout: (fn: () => void, ms: number) => ms === 0 && pending.push(fn),
      __import: () => new Promise(() => {}),
    }
    context.window = context
    runInNewContext(code, context)
    // The import's task, then one task for each group of preloads.
    pending.shift()!()
    let tasks = 0
    while (pending.length > 0) {
      appended.push([])
      pending.shift()!()
      tasks++
    }
    expect(tasks).toBe(3)
    expect(appended).toEqual([['/assets/a.js', '/assets/b.js', '/assets/c.js'], ['/assets/d.js', '/assets/e.js', '/assets/f.js'], ['/assets/g.js']])
  })

  it("React's chunk is imported first, while the entry downloads; the entry is imported in a task after React's has run", async () => {
    const steps: string[] = []
    const timers: Array<() => void> = []
    let reactRan: () => void = () => {}
    const code = starterScript('/assets/index-A.js', ['/assets/routes-C.js'], '/assets/react-dom-B.js').replaceAll('import(', '__import(')
    const context: Record<string, unknown> = {
      addEventListener: () => {},
      document: {
        documentElement: { dataset: {} },
        createElement: () => ({}),
        head: { appendChild: (l: { rel: string; href: string }) => steps.push(`${l.rel} ${l.href}`) },
      },
      requestAnimationFrame: (fn: () => void) => fn(),
      setTimeout: (fn: () => void, ms: number) => ms === 0 && timers.push(fn),
      __import: (src: string) => {
        steps.push(`import ${src}`)
        return src === '/assets/react-dom-B.js' ? new Promise<void>((resolve) => (reactRan = resolve)) : new Promise(() => {})
      },
    }
    context.window = context
    runInNewContext(code, context)
    timers.shift()!()
    expect(steps).toEqual(['modulepreload /assets/index-A.js', 'import /assets/react-dom-B.js'])
    // The chunks' preloads come in their own task; the entry waits for React's chunk.
    timers.shift()!()
    expect(steps.slice(2)).toEqual(['modulepreload /assets/routes-C.js'])
    reactRan()
    await new Promise((resolve) => setImmediate(resolve))
    expect(steps).not.toContain('import /assets/index-A.js')
    expect(timers).toHaveLength(1)
    timers.shift()!()
    await new Promise((resolve) => setImmediate(resolve))
    expect(steps.at(-1)).toBe('import /assets/index-A.js')
    expect(steps.filter((step) => step.startsWith('import'))).toEqual(['import /assets/react-dom-B.js', 'import /assets/index-A.js'])
  })

  it("a held form is sent as it is when React's chunk cannot load", async () => {
    const sent: string[] = []
    const form = { getAttribute: () => 'sign-in-email', hasAttribute: () => false, setAttribute: () => {} }
    const submits: Array<(e: unknown) => void> = []
    const context: Record<string, unknown> = {
      addEventListener: (type: string, fn: (e: unknown) => void) => type === 'submit' && submits.push(fn),
      document: {
        documentElement: { dataset: {} },
        createElement: () => ({}),
        head: { appendChild: () => {} },
        querySelector: () => form,
      },
      HTMLFormElement: { prototype: { submit: () => sent.push('sign-in-email') } },
      requestAnimationFrame: () => {},
      setTimeout: (fn: () => void) => fn(),
      __import: (src: string) => (src.includes('react-dom') ? Promise.reject(new Error('offline')) : new Promise(() => {})),
    }
    context.window = context
    submits.length = 0
    runInNewContext(starterScript('/assets/index-A.js', [], '/assets/react-dom-B.js').replaceAll('import(', '__import('), context)
    submits[0]!({ target: form, submitter: null, preventDefault: () => {} })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sent).toEqual(['sign-in-email'])
  })

  it('holds a submit of a site form whose machine does not run yet, once; a form whose machine runs, and a secondary action, go as they are', async () => {
    const submits: Array<(e: unknown) => void> = []
    let importFails: (error: unknown) => void = () => {}
    const sent: string[] = []
    const forms: Record<string, { attributes: Record<string, string> }> = {}
    const form = (id: string | null, attributes: Record<string, string> = {}) => {
      const f: { attributes: Record<string, string>; [k: string]: unknown } = {
        attributes: { ...(id ? { 'data-form': id } : {}), ...attributes },
        getAttribute: (name: string) => f.attributes[name] ?? null,
        hasAttribute: (name: string) => name in f.attributes,
        setAttribute: (name: string, value: string) => void (f.attributes[name] = value),
      }
      if (id) forms[id] = f
      return f
    }
    const context: Record<string, unknown> = {
      addEventListener: (type: string, fn: (e: unknown) => void) => type === 'submit' && submits.push(fn),
      location: { origin: 'http://site' },
      document: {
        documentElement: { dataset: {} },
        createElement: () => ({}),
        head: { appendChild: () => {} },
        querySelector: (selector: string) => forms[/data-form="([^"]+)"/.exec(selector)![1]!],
      },
      HTMLFormElement: {
        prototype: {
          submit(this: { attributes: Record<string, string> }) {
            sent.push(this.attributes['data-form']!)
          },
        },
      },
      requestAnimationFrame: () => {},
      setTimeout: (fn: () => void) => fn(),
      __import: () => new Promise((_, reject) => (importFails = reject)),
    }
    context.window = context
    runInNewContext(starterScript('/assets/index-A.js', []).replace('import(', '__import('), context)
    const submit = (f: unknown, submitter: unknown = null) => {
      let prevented = false
      submits[0]!({ target: f, submitter, preventDefault: () => (prevented = true) })
      return prevented
    }
    const w = context.window as { __earlySubmit?: string }
    expect(submit(form('sign-in-email'))).toBe(true)
    expect(w.__earlySubmit).toBe('sign-in-email')
    expect(forms['sign-in-email']!.attributes['aria-busy']).toBe('true')
    // A second submit while the first is held is not held again (nor sent).
    expect(submit(form('sign-in-code'))).toBe(true)
    expect(w.__earlySubmit).toBe('sign-in-email')
    expect(submit(form('account-email', { 'data-live': 'true' }))).toBe(false)
    expect(submit(form('sign-in-code'), { name: '_action' })).toBe(false)
    expect(submit(form(null))).toBe(false)
    // The scripts cannot load: the held form goes to the server as it is, once.
    importFails(new Error('offline'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sent).toEqual(['sign-in-email'])
    expect(w.__earlySubmit).toBeUndefined()
  })
})

describe("a page in its language's chunks (decision 026)", () => {
  const assets = {
    '/assets/index-A.js': '/assets/ru/index-X.js',
    '/assets/react-B.js': '/assets/ru/react-Y.js',
    '/assets/routes-C.js': '/assets/ru/routes-Z.js',
  }
  it("names every mapped chunk by its language's copy, in the starter and in the framework's data", () => {
    const page = PAGE.replace('self.$_TSR={}', 'self.$_TSR={preloads:["/assets/routes-C.js","/assets/other-D.js"]}')
    const html = paintFirst(page, assets)
    expect(html).toContain(`<script nonce="N1">${starterScript('/assets/ru/index-X.js', ['/assets/ru/react-Y.js', '/assets/ru/routes-Z.js'])}</script>`)
    expect(html).toContain('self.$_TSR={preloads:["/assets/ru/routes-Z.js","/assets/other-D.js"]}')
    expect(html).not.toMatch(/"\/assets\/(?:index-A|react-B|routes-C)\.js"/)
  })
})

describe("the page's bytes (decision 080)", () => {
  const utf8 = (text: string) => new TextEncoder().encode(text)
  const page = PAGE.replace('Hello', 'Привет — ünd «Grüße» 🎮').replace('self.$_TSR={}', 'self.$_TSR={"title":"Премиум — für dich"}')

  it('rewritten as bytes, a page in any language is the UTF-8 of its rewritten text, byte for byte', () => {
    const assets = { '/assets/index-A.js': '/assets/ru/index-X.js' }
    const bytes = paintFirstBytes(utf8(page).buffer as ArrayBuffer, assets)
    expect(Buffer.compare(bytes, Buffer.from(utf8(paintFirst(page, assets))))).toBe(0)
    expect(bytes.toString('utf8')).toContain('<main>Привет — ünd «Grüße» 🎮</main>')
    expect(bytes.toString('utf8')).toContain('self.$_TSR={"title":"Премиум — für dich"}')
    expect(bytes.toString('utf8')).toContain('/assets/ru/index-X.js')
    expect(bytes.toString('utf8')).not.toContain('<script type="module"')
  })

  it('the starter it writes is ASCII, so writing it as Latin-1 is writing it as UTF-8', () => {
    expect(starterScript('/assets/index-A.js', ['/assets/routes-C.js'], '/assets/react-dom-B.js')).toMatch(/^[\x20-\x7e]+$/)
  })
})
