/**
 * Play together, in real Chromium: the studio served by `houserules serve`; one person makes a room
 * from the playtest ("Play with friends"), a friend in another browser context opens the invite
 * link; each sees its own hand only, a move made in one appears in the other, and a reload puts the
 * friend back in their seat with the log intact.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedFiles } from '../../src/cli/catalog.ts';
import { serve, type RunningServer } from '../../src/server/serve.ts';
import { openGame, useStudio } from '../browser/studio.ts';

const studio = useStudio();
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'houserules-friends-'));
  server = await serve({
    port: 0,
    host: '127.0.0.1',
    store: join(dir, 'rooms.db'),
    site: join(process.cwd(), 'dist'),
    botDelayMs: 0,
    games: { list: () => [], files: (id) => shippedFiles(id) },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const hand = (page: Page, seat: number) => page.locator(`.seat[data-seat="${seat}"] [data-zone=hand] .piece`);

/** Every piece of a seat's hand is shown, or every one is covered. */
const handIs = async (page: Page, seat: number, shown: boolean): Promise<void> => {
  await expect.poll(() => hand(page, seat).count(), { timeout: 20_000 }).toBeGreaterThan(0);
  const classes = await hand(page, seat).evaluateAll((nodes) => nodes.map((n) => n.className));
  expect(
    classes.every((c) => c.includes('piece-hidden') !== shown),
    `${classes.join(' | ')}`,
  ).toBe(true);
};

describe('play together from two devices', () => {
  it('two browsers play Regicide: each its own hand, moves reach the other, a reload resumes the seat', async () => {
    const host = await studio.newPage();
    await openGame(host.page, `${server.url}/`, 'regicide');
    await host.page.getByTestId('play-with-friends').click();
    await host.page.getByTestId('friends-make').click();
    const invite = await host.page.getByTestId('invite-1').inputValue({ timeout: 30_000 });
    expect(invite).toMatch(new RegExp(`^${server.url}/#/room/[A-Za-z0-9_-]{22}\\?invite=[A-Za-z0-9_-]{22}$`));
    await host.page.getByTestId('friends-open').click();
    await expect.poll(() => host.page.getByTestId('room-you').textContent(), { timeout: 30_000 }).toBe('You are Player 1');

    const friend = await studio.newPage();
    await friend.page.goto(invite);
    await expect.poll(() => friend.page.getByTestId('room-you').textContent(), { timeout: 30_000 }).toBe('You are Player 2');
    // The invite is spent and out of the address; the token stays in the browser only.
    await expect.poll(() => friend.page.evaluate(() => window.location.hash)).toMatch(/^#\/room\/[A-Za-z0-9_-]{22}$/);

    await handIs(host.page, 0, true);
    await handIs(host.page, 1, false);
    await handIs(friend.page, 1, true);
    await handIs(friend.page, 0, false);

    await host.page.getByTestId('move-yield').click();
    await expect.poll(() => friend.page.getByTestId('room-log').textContent(), { timeout: 20_000 }).toContain('Player 1 yields');
    await expect.poll(() => host.page.getByTestId('room-log').textContent(), { timeout: 20_000 }).toContain('Player 1 yields');

    await friend.page.reload();
    await expect.poll(() => friend.page.getByTestId('room-you').textContent(), { timeout: 30_000 }).toBe('You are Player 2');
    await expect.poll(() => friend.page.getByTestId('room-log').textContent(), { timeout: 20_000 }).toContain('Player 1 yields');
    await handIs(friend.page, 1, true);
    expect([...host.errors, ...friend.errors]).toEqual([]);
  }, 180_000);
});
