import { createFileRoute } from '@tanstack/react-router'
import { downloadRedirect } from '#app/server/download.server.ts'

/**
 * R2.3, R7.4: the launcher download, `/download` and `/{locale}/download` (the router reads the
 * path without its locale prefix), answers every method with a redirect to the backend's file.
 */
export const Route = createFileRoute('/download')({
  // `/DOWNLOAD` stays a missing page, as every other address in other letters.
  caseSensitive: true,
  server: {
    handlers: {
      ANY: ({ request }) => downloadRedirect(request),
    },
  },
})
