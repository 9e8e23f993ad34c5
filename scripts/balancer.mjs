// Which site worker takes a new connection (decision 090): the one with the fewest open
// connections, the one that has waited longest among equals. The cluster's own round-robin gave
// a burst of connections to whichever worker acknowledged first, and a kept-alive connection stays
// where it landed: 35 against 15 under load, and the busier worker's visitors waited twice as long.

export class Balancer {
  /** Open connections of each worker that takes new ones, by worker id. */
  #open = new Map()
  /** When each worker was last handed a connection (a counter), to break ties in turn. */
  #handed = new Map()
  #clock = 0

  /** A worker that listens takes connections from now on. */
  add(id) {
    if (!this.#open.has(id)) this.#open.set(id, 0)
    if (!this.#handed.has(id)) this.#handed.set(id, 0)
  }

  /** A worker that stops (drains, exits) takes no more; its connections are its own to finish. */
  remove(id) {
    this.#open.delete(id)
    this.#handed.delete(id)
  }

  /** The worker for the next connection, counted as open there; null when no worker takes any. */
  take() {
    let best = null
    for (const [id, open] of this.#open) {
      if (best === null || open < this.#open.get(best) || (open === this.#open.get(best) && this.#handed.get(id) < this.#handed.get(best))) best = id
    }
    if (best === null) return null
    this.#open.set(best, this.#open.get(best) + 1)
    this.#handed.set(best, ++this.#clock)
    return best
  }

  /** A connection of this worker closed (or never reached it). */
  closed(id) {
    const open = this.#open.get(id)
    if (open !== undefined && open > 0) this.#open.set(id, open - 1)
  }

  /** Open connections by worker, for tests and logs. */
  get load() {
    return Object.fromEntries(this.#open)
  }
}
