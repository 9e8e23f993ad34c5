import { Hono } from 'hono'
import type { AppEnv } from '../http.ts'
import { profileRoutes } from './users-profile.ts'
import { signInRoutes } from './users-sign-in.ts'
import { subscriptionRoutes } from './users-subscription.ts'

/** The /users routes, by concern: signing in and out, the profile, the subscription. No two of them answer the same method and path. */
export const usersRoutes = new Hono<AppEnv>().route('/', signInRoutes).route('/', profileRoutes).route('/', subscriptionRoutes)
