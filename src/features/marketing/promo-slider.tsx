import { type KeenSliderInstance, type KeenSliderPlugin, useKeenSlider } from 'keen-slider/react'
import { useEffect, useRef, useState } from 'react'
import type { AreaKey } from '#app/content/area-key.ts'
import * as promoText from '#app/content/messages/promo.ts'
import { m } from '#app/paraglide/messages.js'
import { Icon } from '#app/ui/icons.tsx'
import { t } from '#app/ui/text.tsx'
import { CONSTANTS } from '#constants'
import { relativeIndex, swipeTarget } from './slider.ts'

export const PROMO_SLIDE_SIZE = { width: 1200, height: 675 } as const
/** The five slides in order; their texts are keys of messages/promo (the compiler checks each). */
export const PROMO_SLIDES = (
  [
    [1, 'promo_slide_1_title', 'promo_slide_1_text', 'promo_slide_1_alt'],
    [2, 'promo_slide_2_title', 'promo_slide_2_text', 'promo_slide_2_alt'],
    [3, 'promo_slide_3_title', 'promo_slide_3_text', 'promo_slide_3_alt'],
    [4, 'promo_slide_4_title', 'promo_slide_4_text', 'promo_slide_4_alt'],
    [5, 'promo_slide_5_title', 'promo_slide_5_text', 'promo_slide_5_alt'],
  ] as const satisfies readonly (readonly [number, ...AreaKey<typeof promoText>[]])[]
).map(([n, title, text, alt]) => ({ n, title, text, alt, image: `/images/promo/slide-${n}.webp` }))

/** R9: moves to the next slide every `delay` ms unless paused (hover, focus, button, hidden tab). */
function autoplay(delay: number, isPaused: () => boolean): KeenSliderPlugin {
  return (slider) => {
    let timer: ReturnType<typeof setTimeout> | null = null
    const clear = () => {
      if (timer) clearTimeout(timer)
      timer = null
    }
    const next = () => {
      clear()
      if (isPaused() || document.hidden) return
      timer = setTimeout(() => slider.next(), delay)
    }
    const restart = () => next()
    slider.on('created', () => {
      slider.container.addEventListener('autoplay:update', restart)
      document.addEventListener('visibilitychange', restart)
      next()
    })
    slider.on('dragStarted', clear)
    slider.on('animationEnded', next)
    slider.on('updated', next)
    slider.on('destroyed', () => {
      clear()
      slider.container.removeEventListener('autoplay:update', restart)
      document.removeEventListener('visibilitychange', restart)
    })
  }
}

/**
 * R9: the long-swipe threshold. Keen-slider has no such option, so on release the slide is
 * chosen by `swipeTarget` and reached with the slider's 300 ms animation.
 */
function longSwipe(thresholdMs: number): KeenSliderPlugin {
  return (slider) => {
    let startedAt = 0
    let startIdx = 0
    let startPos = 0
    slider.on('dragStarted', () => {
      startedAt = performance.now()
      startIdx = slider.track.details?.abs ?? 0
      startPos = slider.track.details?.position ?? 0
    })
    slider.on('dragEnded', () => {
      const details = slider.track.details
      if (!details) return
      const slideSize = details.slides[0]?.size || 1
      const target = swipeTarget({
        startIdx,
        nearestIdx: details.abs,
        delta: (details.position - startPos) / slideSize,
        elapsedMs: performance.now() - startedAt,
        longSwipeMs: thresholdMs,
      })
      slider.moveToIdx(target, true, { duration: CONSTANTS.sliderSpeedMs })
    })
  }
}

/** A button that turns the slider one slide back or on. */
function ArrowButton({ icon, label, testId, onClick }: { icon: 'chevronLeft' | 'chevronRight'; label: string; testId: string; onClick: () => void }) {
  return (
    <button type="button" className="icon-button promo-slider__arrow" onClick={onClick} aria-label={label} data-testid={testId}>
      <Icon name={icon} size={20} />
    </button>
  )
}

export function PromoSlider() {
  const [current, setCurrent] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const paused = hovered || focused || stopped
  const pausedRef = useRef(paused)
  pausedRef.current = paused

  // Stable options and plugins: keen-slider updates itself whenever it receives new ones.
  const [options] = useState(() => ({
    loop: true,
    defaultAnimation: { duration: CONSTANTS.sliderSpeedMs },
    slides: { perView: 1 },
    slideChanged: (s: KeenSliderInstance) => setCurrent(relativeIndex(s.track.details.rel, PROMO_SLIDES.length)),
  }))
  const [plugins] = useState(() => [autoplay(CONSTANTS.sliderAutoplayMs, () => pausedRef.current), longSwipe(CONSTANTS.sliderLongSwipeMs)])
  const [sliderRef, instanceRef] = useKeenSlider<HTMLDivElement>(options, plugins)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of `paused` is what tells the autoplay plugin to look again
  useEffect(() => {
    instanceRef.current?.container.dispatchEvent(new Event('autoplay:update'))
  }, [paused, instanceRef])

  const total = PROMO_SLIDES.length
  return (
    <section
      className="promo-slider"
      aria-roledescription="carousel"
      aria-label={m.promo_slider_label()}
      data-testid="promo-slider"
      data-current={current}
      data-paused={paused ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false)
      }}
    >
      <div className="promo-slider__viewport">
        <div ref={sliderRef} className="keen-slider" aria-live={paused ? 'polite' : 'off'}>
          {PROMO_SLIDES.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group with the slide role description (WAI-ARIA carousel pattern)
            <div
              key={slide.n}
              className="keen-slider__slide promo-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={m.mk_promo_slide_of({ current: String(index + 1), total: String(total) })}
              aria-hidden={index !== current}
              data-testid="promo-slide"
            >
              <img
                src={slide.image}
                width={PROMO_SLIDE_SIZE.width}
                height={PROMO_SLIDE_SIZE.height}
                alt={t(promoText, slide.alt)}
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
                draggable={false}
                {...(index === 0 ? { fetchPriority: 'high' as const } : {})}
              />
              <div className="promo-slide__copy">
                <p className="promo-slide__count" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')} / {String(total).padStart(2, '0')}
                </p>
                <h2 className="promo-slide__title">{t(promoText, slide.title)}</h2>
                <p className="promo-slide__text">{t(promoText, slide.text)}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="promo-slider__controls">
        <ArrowButton icon="chevronLeft" label={m.promo_prev()} testId="promo-prev" onClick={() => instanceRef.current?.prev()} />
        <ol className="promo-slider__dots">
          {PROMO_SLIDES.map((slide, index) => (
            <li key={slide.n}>
              <button
                type="button"
                className="promo-slider__dot"
                aria-label={`${m.promo_goto_slide()} ${index + 1}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => instanceRef.current?.moveToIdx(index)}
                data-testid="promo-dot"
              />
            </li>
          ))}
        </ol>
        <ArrowButton icon="chevronRight" label={m.promo_next()} testId="promo-next" onClick={() => instanceRef.current?.next()} />
        <button
          type="button"
          className="icon-button promo-slider__pause"
          onClick={() => setStopped((s) => !s)}
          aria-pressed={stopped}
          aria-label={stopped ? m.mk_promo_play() : m.mk_promo_pause()}
          data-testid="promo-pause"
        >
          <Icon name={stopped ? 'play' : 'pause'} size={18} />
        </button>
      </div>
    </section>
  )
}
