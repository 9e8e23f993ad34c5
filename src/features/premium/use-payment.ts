import { useRouter } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { createContext, useContext, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { reportFailure } from '#app/api/report.ts'
import type { User } from '#app/api/schemas.ts'
import { AuthActor } from '#app/core/auth-actor.ts'
import { askAuth } from '#app/core/auth-client.ts'
import { navigateTo } from '#app/core/auth-provider.tsx'
import { pushCartChange, pushPurchase } from '#app/core/data-layer.ts'
import { createWithEffects } from '#app/core/machine-effects.ts'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { createLoadWidgetScript, createRunWidget, type WidgetScope } from '#app/core/payments/index.ts'
import { notify } from '#app/core/toast.ts'
import { useApi } from '#app/core/use-api.ts'
import { useSite } from '#app/core/use-site.ts'
import { cloudpaymentsPublicIdForHost } from '#constants'
import { isLoggedIn } from '#machines/auth-selectors.ts'
import { createPaymentMachine, type PaymentEffects } from '#machines/payment.ts'
import { persistablePremiumState } from '#machines/payment-selectors.ts'
import type { CheckPaymentInput, CreatePaymentInput, WaitInput } from '#machines/payment-types.ts'
import type { OfferedPlan, PremiumState, SpecialOffer } from '#machines/rules/checkout.ts'
import type { Locale } from '#machines/rules/locale.ts'
import { type PaymentCheck, type PaymentOptions, readPaymentCheck } from '#machines/rules/payment.ts'
import { paymentToast } from './payment-toast.ts'
import { readPremiumState, sessionStorageOrNull, writePremiumState } from './persist.ts'

type PaymentActors = NonNullable<PaymentEffects['actors']>

/**
 * Replacement provider actors for the payment machine. The site never sets it; stories give
 * fakes here so that every payment state shows without a backend or a widget script.
 */
export const PaymentActorsOverride = createContext<Partial<PaymentActors> | null>(null)

export interface UsePaymentOptions {
  locale: Locale
  plans: readonly OfferedPlan[]
  offer: SpecialOffer | null
  takeOffer: boolean
  /** The payment panel is next: `focus` after login with a plan, else only brought into view. */
  onPanel: (how: 'focus' | 'reveal') => void
}

/**
 * The payment machine with the site's side effects (R4, R7): the stored premium state, the
 * backend calls, the provider's script and widget, the auth machine's user refresh, toasts,
 * analytics and navigation. The premium state is kept in sessionStorage once it has been read.
 */
export function usePayment({ locale, plans, offer, takeOffer, onPanel }: UsePaymentOptions) {
  const site = useSite()
  const auth = AuthActor.useActorRef()
  const loggedIn = AuthActor.useSelector(isLoggedIn)
  // A Steam account may have no e-mail; until the user is read, nothing says it has none.
  const hasEmail = AuthActor.useSelector((s) => (s.context.user ? Boolean(s.context.user.email) : true))
  // An extension's days run from the end of the subscription still running (the checkout's summary).
  const activeUntil = AuthActor.useSelector((s) => {
    const sub = (s.context.user as User | null)?.subscription
    return sub?.active && sub.expires_at ? Date.parse(sub.expires_at) : null
  })
  // The trial is not offered to a visitor who has used it.
  const trialUsed = AuthActor.useSelector((s) => (s.context.user as User | null)?.trial_used === true)
  const api = useApi()
  const router = useRouter()
  const live = useRef({ api, router, auth, onPanel })
  live.current = { api, router, auth, onPanel }
  const payment = site.config.payment
  const override = useContext(PaymentActorsOverride)

  const [logic] = useState(() =>
    createWithEffects(createPaymentMachine, () => ({
      actors: {
        readStoredState: fromPromise<PremiumState | null, void>(() => readPremiumState(sessionStorageOrNull())),
        createPayment: fromPromise<PaymentOptions, CreatePaymentInput>(({ input }) =>
          live.current.api.createPayment({ subscription_id: input.subscriptionId, service: payment.service, ...(input.special ? { special: true } : {}) }),
        ),
        loadWidgetScript: createLoadWidgetScript(payment),
        runWidget: createRunWidget(() => window as unknown as WidgetScope),
        checkPayment: fromPromise<PaymentCheck, CheckPaymentInput>(async ({ input }) => readPaymentCheck(await live.current.api.payment(input.paymentId))),
        wait: fromPromise<void, WaitInput>(({ input }) => new Promise<void>((resolve) => window.setTimeout(resolve, input.ms))),
        refreshUser: fromPromise<void, void>(async () => {
          const settled = await askAuth(live.current.auth, { type: 'user.refresh' })
          if (!settled.matches({ loggedIn: 'active' })) throw new Error('The session ended while the user was refreshed')
        }),
        ...override,
      },
      actions: {
        toast: ({ event }, params) => notify(paymentToast(params, (event as { error?: unknown }).error)),
        trackPurchase: (_, params) => pushPurchase(params),
        trackCart: (_, params) => pushCartChange(params),
        focusPayment: () => live.current.onPanel('focus'),
        revealPayment: () => live.current.onPanel('reveal'),
        navigate: (_, params) => void navigateTo(live.current.router, params.to),
        log: (_, params) => console.info(`payment: ${params.message}`),
        logError: (_, params) => reportFailure(`payment: ${params.message}`, params.detail ?? ''),
      },
    })),
  )

  const [snapshot, send, actorRef] = useMachine(logic, {
    inspect: useMachineInspect(),
    input: {
      locale,
      loggedIn,
      hasEmail,
      trialUsed,
      activeService: payment.service,
      publicId: cloudpaymentsPublicIdForHost(site.config, site.host),
      payselection: { serviceId: payment.payselection.serviceId, publicKey: payment.payselection.publicKey },
      plans,
      debugPrices: site.config.debugPrices,
      offer,
      takeOffer,
      restoreStored: true,
    },
  })

  // R4: the session decides whether paying is possible.
  useEffect(() => {
    actorRef.send({ type: 'auth.changed', loggedIn, hasEmail, trialUsed })
  }, [actorRef, loggedIn, hasEmail, trialUsed])

  // R3: the premium state outlives the trip to the login page (never written before it was read).
  useEffect(() => {
    const storage = sessionStorageOrNull()
    const subscription = actorRef.subscribe((s) => {
      const state = persistablePremiumState(s)
      if (state) writePremiumState(storage, state)
    })
    return () => subscription.unsubscribe()
  }, [actorRef])

  return { snapshot, send, actorRef, service: payment.service, activeUntil }
}
