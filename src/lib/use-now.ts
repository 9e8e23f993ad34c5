import { useEffect, useState } from 'react'

/** The current time, re-read every `intervalMs` while `active`; null before hydration. */
export function useNow(intervalMs: number, active = true): number | null {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    setNow(Date.now())
    if (!active) return
    const id = window.setInterval(() => setNow(Date.now()), intervalMs)
    return () => window.clearInterval(id)
  }, [intervalMs, active])
  return now
}
