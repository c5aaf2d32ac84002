import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { mailOutbox, notices } from "../../../server/src/db/schema";
import { createTestApp, START, type TestApp } from "../support/test-app";
import { createBand, createBooking } from "../support/factories";
import type { ActivityEntry } from "../../../src/contract/activity";
import {
  NEXT_TUE,
  NEXT_WED,
  roundApi,
  seedRoundClub,
  wish,
  type Caller,
} from "../allocation/rounds-support";

/**
 * The room allocation's words in the reader's language (issue 36, decision 046): the result
 * stores each reason as data, so a Japanese member reads the reasons, the notice and the mail
 * in Japanese and an English one in English, whoever published the round.
 */
let t: TestApp;
let api: ReturnType<typeof roundApi>;
let club: Awaited<ReturnType<typeof seedRoundClub>>;
let mei: Caller;
let ren: Caller;
let executive: Caller;

beforeAll(async () => {
  t = await createTestApp();
  await t.services.jobs.stop();
  t.clock.current = new Date(START);
  api = roundApi(t);
  club = await seedRoundClub(t);
  mei = await t.as("member", { displayName: "Mei", language: "ja" });
  ren = await t.as("member", { displayName: "Ren", language: "en" });
  executive = await t.as("executive", { displayName: "Exec", language: "en" });
});
afterAll(() => t.close());

/** Blue Hour (Mei, Ren) wishes Studio A Tue 6th, then Room B Wed 6th; Ren practises alone in Room C on Tuesday at that time. */
async function publishedRound() {
  const blueHour = await createBand(
    t.db,
    [{ userId: mei.user.id }, { userId: ren.user.id }],
    { name: "Blue Hour" },
  );
  const round = await api.current(mei);
  const saved = await api.saveWishes(mei, round.id, blueHour.id, {
    wishes: [
      wish(club.studioA, NEXT_TUE, club.p6),
      wish(club.roomB, NEXT_WED, club.p6),
    ],
    wants: 2,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await createBooking(t.db, {
    room: club.roomC,
    period: club.p6,
    date: NEXT_TUE,
    userId: ren.user.id,
    kind: "personal",
  });
  expect((await api.run(executive, round.id)).statusCode).toBe(200);
  expect((await api.publish(executive, round.id)).statusCode).toBe(200);
  return round;
}

/** One round published for the whole file: each test reads what it left. */
let published: ReturnType<typeof publishedRound> | undefined;
const publishedOnce = () => (published ??= publishedRound());

describe(
  "the allocation in each member’s language",
  () => {
    it("words the result notice, its mail and the reasons in Japanese for a Japanese member and in English for an English one", async () => {
      const round = await publishedOnce();

      const noticeOf = async (who: Caller) =>
        (
          await t.db
            .select()
            .from(notices)
            .where(
              and(
                eq(notices.kind, "allocation-result"),
                eq(notices.userId, who.user.id),
              ),
            )
        )[0]!;
      const toRen = await noticeOf(ren);
      expect(toRen.title).toBe(
        "Blue Hour: 1 period in the allocation for the week of 8–14 Jun 2026",
      );
      expect(toRen.body).toBe(
        "Room B, Wed 10 Jun, 6th period\n\n1 wish not met:\nWish 1 (Studio A, Tue 9 Jun, 6th period): Ren is already in Room C at that time with personal practice.",
      );
      const toMei = await noticeOf(mei);
      expect(toMei.title).toMatch(
        /^Blue Hour：.+の週の抽選で1コマ割り当てられました$/,
      );
      expect(toMei.body).toMatch(
        /^Room B・.+・6thのコマ\n\nかなわなかった希望（1件）：\n第1希望（Studio A・.+・6thのコマ）：Renさんはその時間、すでにRoom Cにいます（個人練習）。$/,
      );
      expect(`${toMei.title}\n${toMei.body}`).not.toMatch(
        /period|wish|personal|already/,
      );

      const mailTo = async (who: Caller) =>
        (
          await t.db
            .select()
            .from(mailOutbox)
            .where(
              and(
                eq(mailOutbox.kind, "allocation-result"),
                eq(mailOutbox.to, who.user.email),
              ),
            )
        )[0]!;
      expect((await mailTo(mei)).subject).toBe(toMei.title);
      expect((await mailTo(mei)).text).toContain("かなわなかった希望（1件）：");
      expect((await mailTo(ren)).subject).toBe(toRen.title);

      // The results screen's reasons: each reader's own language, from the same stored result.
      const reasonFor = async (who: Caller) =>
        (await api.myResults(who, round.id)).json().bands[0].unmet[0].reason;
      expect(await reasonFor(mei)).toBe(
        "Renさんはその時間、すでにRoom Cにいます（個人練習）。",
      );
      expect(await reasonFor(ren)).toBe(
        "Ren is already in Room C at that time with personal practice.",
      );
    });

    it("words the activity log's entry of the publishing for each admin: what was done, the round's week and the counts", async () => {
      await publishedOnce();
      const entryFor = async (language: "ja" | "en") => {
        const admin = await t.as("admin", { language });
        const response = await t.inject({
          method: "GET",
          url: "/api/activity?area=allocation",
          headers: admin.headers,
        });
        expect(response.statusCode, response.body).toBe(200);
        const items = response.json().items as ActivityEntry[];
        // The publishing: the only entry of the area with a count of bookings made.
        return items.find((item) => item.changes.length === 3)!;
      };
      const ja = await entryFor("ja");
      expect(ja.action).toBe("練習室の抽選結果を公開しました");
      expect(ja.object?.type).toBe("練習室の抽選");
      expect(ja.object?.label).toMatch(/^6月8日.*の週$/);
      expect(ja.changes.map((change) => change.field)).toEqual([
        "状態",
        "作った予約の数",
        "バンド数",
      ]);
      // The round's status, stored as its code, worded too.
      expect(ja.changes[0]).toMatchObject({ before: "抽選済み・未公開", after: "公開済み" });
      const en = await entryFor("en");
      expect(en.action).toBe("Published the room allocation");
      expect(en.object).toMatchObject({
        type: "allocation round",
        label: "Week of Mon 8 Jun",
      });
      expect(en.changes.map((change) => change.field)).toEqual([
        "Status",
        "Bookings made",
        "Bands",
      ]);
      expect(en.changes[0]).toMatchObject({ before: "Allocated, not published yet", after: "Published" });
    });
  },
);
