import { useMachine } from '@xstate/react'
import { useEffect } from 'react'
import { type EventObject, fromCallback } from 'xstate'
import { HOME_COUNTDOWN_UNITS } from '#app/content/home.ts'
import * as homeText from '#app/content/messages/home.ts'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { m } from '#app/paraglide/messages.js'
import { t } from '#app/ui/text.tsx'
import { deadlineMachine, type TickerInput } from '#machines/deadline.ts'
import { DEADLINE_STORAGE_KEY } from '#machines/rules/deadline.ts'
import { COUNTDOWN_PLACEHOLDER, countdownDisplay } from './countdown-display.ts'

/**
 * R9: the deadline countdown, run by `deadlineMachine`. The server and the first client
 * render show the idle state; after hydration the stored deadline, the time and three random
 * numbers go to the machine, which keeps or regenerates the deadline and ticks every second.
 */
const countdownMachine = deadlineMachine.provide({
  actors: {
    ticker: fromCallback<EventObject, TickerInput>(({ sendBack, input }) => {
      const id = setInterval(() => sendBack({ type: 'deadline.tick', now: Date.now() }), input.intervalMs)
      return () => clearInterval(id)
    }),
  },
  actions: {
    storeDeadline: (_, params) => {
      try {
        window.localStorage.setItem(params.key, params.value)
      } catch {
        // Storage may be unavailable (private mode, quota): the countdown still runs this visit.
      }
    },
  },
})

function readStored(): string | null {
  try {
    return window.localStorage.getItem(DEADLINE_STORAGE_KEY)
  } catch {
    return null
  }
}

export function Countdown({ className = '' }: { className?: string }) {
  const [snapshot, send] = useMachine(countdownMachine, { inspect: useMachineInspect() })
  useEffect(() => {
    // In a task of its own, not in the one that runs every effect of the page's hydration: the
    // stored deadline is often the page's first use of its storage, which the browser loads
    // then (decision 022).
    const id = setTimeout(
      () =>
        send({
          type: 'deadline.hydrate',
          stored: readStored(),
          now: Date.now(),
          random: { hours: Math.random(), minutes: Math.random(), seconds: Math.random() },
        }),
      0,
    )
    return () => clearTimeout(id)
  }, [send])

  const state = snapshot.value as 'idle' | 'running' | 'finished'
  const display = state === 'idle' ? COUNTDOWN_PLACEHOLDER : countdownDisplay(snapshot.context.left)
  const label = state === 'idle' ? m.mk_countdown_loading() : m.mk_countdown_label({ hours: display.hours, minutes: display.minutes, seconds: display.seconds })

  return (
    <div className={`countdown ${className}`} data-testid="countdown" data-state={state} data-remaining={state === 'idle' ? '' : String(display.total)}>
      <div className="countdown__units" role="timer" aria-label={label}>
        {HOME_COUNTDOWN_UNITS.map(({ unit, label: unitLabel }, i) => (
          <div className="countdown__unit-wrap" key={unit} aria-hidden="true">
            {i > 0 ? <span className="countdown__sep">:</span> : null}
            <div className="countdown__unit" data-unit={unit}>
              <span className="countdown__value">{display[unit]}</span>
              <span className="countdown__label">{t(homeText, unitLabel)}</span>
            </div>
          </div>
        ))}
      </div>
      {state === 'finished' ? (
        <p className="countdown__finished" role="status">
          {m.mk_countdown_finished()}
        </p>
      ) : null}
    </div>
  )
}
