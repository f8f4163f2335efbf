import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type RunningServer } from '../test/spawn-server.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const prometheusDir = path.join(repoRoot, 'deploy/prometheus');
const TOKEN = 'system-test-metrics-token-0123456789abcdef';

/** Debian's `prometheus` package carries promtool; CI installs it (scripts/test.sh, .ci/run). */
const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
const hasPromtool = !promtool.error && promtool.status === 0;
if (!hasPromtool)
  console.warn(
    'SKIPPED: promtool is not installed (apt-get install prometheus); the alert rules and the scraped metrics were NOT checked',
  );

function run(args: string[], input?: string) {
  const result = spawnSync('promtool', args, { encoding: 'utf8', ...(input === undefined ? {} : { input }) });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Issue 28 item 3: the alert rules and the built server's /metrics, as Prometheus's own tool reads them. */
describe.skipIf(!hasPromtool)('Prometheus: the rules and the scraped metrics pass promtool', () => {
  let server: RunningServer;
  let metricsPort: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-promtool-'));

  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServer({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('promtool check rules deploy/prometheus/alerts.yml', () => {
    const checked = run(['check', 'rules', path.join(prometheusDir, 'alerts.yml')]);
    expect(checked.status, checked.output).toBe(0);
    expect(checked.output).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('promtool test rules deploy/prometheus/alerts.test.yml: the alerts fire when they should, and not before', () => {
    const tested = run(['test', 'rules', path.join(prometheusDir, 'alerts.test.yml')]);
    expect(tested.status, tested.output).toBe(0);
    expect(tested.output).toContain('SUCCESS');
  });

  it('promtool check config deploy/prometheus/prometheus.yml (its token file put in place)', () => {
    const tokenFile = path.join(dir, 'token');
    fs.writeFileSync(tokenFile, TOKEN);
    fs.copyFileSync(path.join(prometheusDir, 'alerts.yml'), path.join(dir, 'alerts.yml'));
    const config = fs
      .readFileSync(path.join(prometheusDir, 'prometheus.yml'), 'utf8')
      .replace('/etc/prometheus/hamkke-metrics-token', tokenFile);
    fs.writeFileSync(path.join(dir, 'prometheus.yml'), config);
    const checked = run(['check', 'config', path.join(dir, 'prometheus.yml')]);
    expect(checked.status, checked.output).toBe(0);
  });

  it('the built server’s /metrics, scraped after some calls, passes promtool check metrics', async () => {
    await fetch(`${server.baseUrl}/v1/health`);
    await fetch(`${server.baseUrl}/v1/api/front/common/total-user-mission`, { method: 'POST' });
    await fetch(`${server.baseUrl}/v1/api/front/system/client-reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        reports: [
          { type: 'error', kind: 'error', route: '/home', message: 'TypeError: boom' },
          { type: 'vital', name: 'LCP', value: 1800, route: '/home' },
          { type: 'vital', name: 'CLS', value: 0.05, route: '/home' },
        ],
      }),
    });
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
    const scraped = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toContain(
      'http_requests_total{endpoint="common/total-user-mission",method="POST",status_class="2xx"}',
    );
    expect(text).toContain('web_client_errors_total{route="/home",kind="error"} 1');
    const checked = run(['check', 'metrics'], text);
    expect(checked.status, checked.output).toBe(0);

    // METRICS_PORT: the same metrics on the private port, without a token.
    const privately = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(privately.status).toBe(200);
    const privateText = await privately.text();
    expect(privateText).toContain('# TYPE http_requests_total counter');
    expect(run(['check', 'metrics'], privateText).status).toBe(0);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  });
});
