// Issue 40, R10.17: the site's counts reach its metrics exactly, however many are made between two scrapes.
import client from 'prom-client'
import { describe, expect, it } from 'vitest'
import { countsWaiting, siteMetrics } from '#app/server/metrics.server.ts'
import { metricSamples } from '../support/metrics.ts'

async function scrape(): Promise<Map<string, number>> {
  return metricSamples(await client.register.metrics())
}

describe('counts made between two scrapes', () => {
  it('are all in the next scrape, by label set, and none twice (1,500 requests, 700 renders, 1,200 cache answers, 900 backend calls)', async () => {
    for (let i = 0; i < 1500; i++) siteMetrics.answered('GET', i % 3 === 0 ? '/premium' : '/faq', i < 10 ? 503 : 200, 0.004)
    for (let i = 0; i < 700; i++) siteMetrics.rendered(0.02)
    for (let i = 0; i < 1200; i++) siteMetrics.cache(i % 4 === 0 ? 'MISS' : 'HIT')
    for (let i = 0; i < 900; i++) siteMetrics.backendCall({ method: 'GET', endpoint: '/users/me', seconds: 0.003, failure: i < 2 ? 'http' : null })
    const first = await scrape()
    expect(first.get('site_http_requests_total{method="GET",route="/premium",status="503"}')).toBe(4)
    expect(first.get('site_http_requests_total{method="GET",route="/premium",status="200"}')).toBe(496)
    expect(first.get('site_http_requests_total{method="GET",route="/faq",status="503"}')).toBe(6)
    expect(first.get('site_http_requests_total{method="GET",route="/faq",status="200"}')).toBe(994)
    expect(first.get('site_http_request_duration_seconds_bucket{le="0.001",route="/faq"}')).toBe(0)
    expect(first.get('site_http_request_duration_seconds_bucket{le="0.005",route="/faq"}')).toBe(1000)
    expect(first.get('site_render_duration_seconds_count')).toBe(700)
    expect(first.get('site_render_duration_seconds_bucket{le="0.01"}')).toBe(0)
    expect(first.get('site_render_duration_seconds_bucket{le="0.025"}')).toBe(700)
    expect(first.get('site_page_cache_total{result="MISS"}')).toBe(300)
    expect(first.get('site_page_cache_total{result="HIT"}')).toBe(900)
    expect(first.get('site_backend_call_duration_seconds_count{method="GET",endpoint="/users/me"}')).toBe(900)
    expect(first.get('site_backend_call_errors_total{method="GET",endpoint="/users/me",kind="http"}')).toBe(2)

    siteMetrics.cache('STALE')
    siteMetrics.answered('GET', '/faq', 200, 0.004)
    const second = await scrape()
    expect(second.get('site_page_cache_total{result="STALE"}')).toBe(1)
    expect(second.get('site_page_cache_total{result="HIT"}')).toBe(900)
    expect(second.get('site_http_requests_total{method="GET",route="/faq",status="200"}')).toBe(995)
    expect(second.get('site_render_duration_seconds_count')).toBe(700)
  })

  it('counts the visitors the render limit turned away, by reason', async () => {
    siteMetrics.refused('queue-full')
    siteMetrics.refused('queue-full')
    siteMetrics.refused('waited-too-long')
    const samples = await scrape()
    expect(samples.get('site_render_refused_total{reason="queue-full"}')).toBe(2)
    expect(samples.get('site_render_refused_total{reason="waited-too-long"}')).toBe(1)
  })

  it('keep at most 1,024 counts waiting: the 1,024th hands them all over', async () => {
    await scrape()
    expect(countsWaiting()).toBe(0)
    for (let i = 0; i < 511; i++) siteMetrics.answered('GET', '/wiki', 200, 0.01)
    siteMetrics.rendered(0.05)
    expect(countsWaiting()).toBe(1023)
    siteMetrics.rendered(0.05)
    expect(countsWaiting()).toBe(0)
    siteMetrics.cache('HIT')
    expect(countsWaiting()).toBe(1)
  })
})
