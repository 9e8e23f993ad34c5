/**
 * Backend answers that are the same for every visitor (the plans per language and payment
 * service), kept by the site for a short, configurable time (`BACKEND_CACHE_SECONDS`, issue 17,
 * decision 080). Visitors asking at the same moment share one call. Only answers `keep` accepts
 * are kept: a failure is asked again by the next visitor.
 */
export class SharedAnswers<T> {
  private readonly entries = new Map<string, { value: T; until: number }>()
  private readonly pending = new Map<string, Promise<T>>()

  constructor(
    private readonly ttlMs: number,
    private readonly keep: (value: T) => boolean = () => true,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 100,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load()
    const entry = this.entries.get(key)
    if (entry && entry.until > this.now()) return Promise.resolve(entry.value)
    const pending = this.pending.get(key)
    if (pending) return pending
    const call = load()
      .then((value) => {
        if (this.keep(value)) {
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
          this.entries.set(key, { value, until: this.now() + this.ttlMs })
        } else this.entries.delete(key)
        return value
      })
      .finally(() => this.pending.delete(key))
    this.pending.set(key, call)
    return call
  }
}
