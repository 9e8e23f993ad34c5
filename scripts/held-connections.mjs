// New connections while no site worker takes any (R8.14, decision 113): the only ready worker has
// stopped and its replacement is still starting, or none is ready yet after a restart. Closing
// them would reset a visitor's request; the primary holds them, paused, and hands them to the
// first worker that is ready, in the order they came. Held too long or too many, a connection is
// closed: a visitor is not kept waiting for a site that does not come back.

/** At most this many connections are held at once; one more is closed at once. */
export const HELD_CONNECTIONS_MAX = 256
/** A connection held this long is closed. */
export const HELD_CONNECTION_MS = 10_000

export class HeldConnections {
  /** Held sockets, oldest first, each with the timer that closes it. */
  #held = new Map()
  #max
  #waitMs

  constructor({ max = HELD_CONNECTIONS_MAX, waitMs = HELD_CONNECTION_MS } = {}) {
    this.#max = max
    this.#waitMs = waitMs
  }

  /** Holds a socket until `release`, or closes it when the hold is full or its time is up. */
  hold(socket) {
    if (this.#held.size >= this.#max) {
      socket.destroy()
      return
    }
    const timer = setTimeout(() => {
      this.#held.delete(socket)
      socket.destroy()
    }, this.#waitMs)
    timer.unref?.()
    this.#held.set(socket, timer)
  }

  /**
   * Offers each held socket, oldest first, to `handOver`, which answers whether a worker took it.
   * The first one no worker takes stays held with those after it, their time still running.
   */
  release(handOver) {
    for (const [socket, timer] of this.#held) {
      if (socket.destroyed) {
        clearTimeout(timer)
        this.#held.delete(socket)
        continue
      }
      if (!handOver(socket)) return
      clearTimeout(timer)
      this.#held.delete(socket)
    }
  }

  /** Closes every held socket (the site stops). */
  closeAll() {
    for (const [socket, timer] of this.#held) {
      clearTimeout(timer)
      socket.destroy()
    }
    this.#held.clear()
  }

  get size() {
    return this.#held.size
  }
}
