import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadScript, resetLoadedScripts, type ScriptHost, ScriptLoadError } from '#app/core/payments/script-loader.ts'

interface FakeScript {
  src: string
  async: boolean
  attributes: Record<string, string>
  removed: boolean
  onload: (() => void) | null
  onerror: (() => void) | null
  setAttribute(name: string, value: string): void
  remove(): void
}

function fakeHost() {
  const scripts: FakeScript[] = []
  const host = {
    createElement: () => {
      const script: FakeScript = {
        src: '',
        async: false,
        attributes: {},
        removed: false,
        onload: null,
        onerror: null,
        setAttribute(name, value) {
          this.attributes[name] = value
        },
        remove() {
          this.removed = true
        },
      }
      return script as unknown as HTMLScriptElement
    },
    head: {
      appendChild: (node: Node) => {
        scripts.push(node as unknown as FakeScript)
        return node
      },
    },
  } as unknown as ScriptHost
  return { host, scripts }
}

afterEach(() => {
  resetLoadedScripts()
  vi.useRealTimers()
})

describe('the widget script loader', () => {
  it('adds one async script tag and resolves when it loads', async () => {
    const { host, scripts } = fakeHost()
    const loading = loadScript('https://widget.example/a.js', { host })
    expect(scripts).toHaveLength(1)
    expect(scripts[0]!.src).toBe('https://widget.example/a.js')
    expect(scripts[0]!.async).toBe(true)
    scripts[0]!.onload?.()
    await expect(loading).resolves.toBeUndefined()
  })

  it('loads each URL once', async () => {
    const { host, scripts } = fakeHost()
    const first = loadScript('https://widget.example/a.js', { host })
    const second = loadScript('https://widget.example/a.js', { host })
    scripts[0]!.onload?.()
    await Promise.all([first, second])
    await loadScript('https://widget.example/a.js', { host })
    expect(scripts).toHaveLength(1)
  })

  it('rejects when the script fails to load, and tries again next time', async () => {
    const { host, scripts } = fakeHost()
    const failing = loadScript('https://widget.example/b.js', { host })
    scripts[0]!.onerror?.()
    await expect(failing).rejects.toMatchObject({ name: 'ScriptLoadError', reason: 'error', url: 'https://widget.example/b.js' })
    expect(scripts[0]!.removed).toBe(true)
    const again = loadScript('https://widget.example/b.js', { host })
    expect(scripts).toHaveLength(2)
    scripts[1]!.onload?.()
    await expect(again).resolves.toBeUndefined()
  })

  it('rejects when the script does not load in time', async () => {
    vi.useFakeTimers()
    const { host } = fakeHost()
    const hanging = loadScript('https://widget.example/c.js', { host, timeoutMs: 5000 })
    const outcome = expect(hanging).rejects.toBeInstanceOf(ScriptLoadError)
    vi.advanceTimersByTime(4999)
    vi.advanceTimersByTime(1)
    await outcome
    await expect(hanging).rejects.toMatchObject({ reason: 'timeout' })
  })

  it('rejects outside a browser', async () => {
    await expect(loadScript('https://widget.example/d.js')).rejects.toBeInstanceOf(ScriptLoadError)
  })
})
