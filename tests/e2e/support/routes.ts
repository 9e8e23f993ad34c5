/** Every page route of R2, without its locale prefix ('' is the home page); the account page needs a session. */
export const PAGE_ROUTES = [
  '',
  '/cs-go',
  '/faq',
  '/wiki',
  '/promo',
  '/premium',
  '/login',
  '/join',
  '/confirm-email',
  '/oferta',
  '/user-license',
  '/policy',
  '/cookies-policy',
] as const
