import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  Improvement,
  ImprovementView,
  Proposal,
} from "../../../src/contract/live-schedule";
import { eq } from "drizzle-orm";
import { timetableImprovements } from "../../../server/src/db/schema";
import {
  api,
  createApplication,
  createBand,
  createEvent,
  createTestApp,
  createUser,
  START,
  type Caller,
  type TestApp,
} from "../lives/support";

/**
 * The timetable in the executive's language (issue 36, decision 046): the generator's reasons are
 * worded in a worker thread, which is told the caller's language with each task; the CSV's
 * headers and days; and why a "Keep improving" run ended, stored as a code and worded for
 * whoever reads it.
 */
let t: TestApp;
let call: ReturnType<typeof api>;
let japanese: Caller;
let english: Caller;
let bands: string[];

const SAT = "2026-07-18";
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

beforeAll(async () => {
  t = await createTestApp();
  call = api(t);
  japanese = await t.as("executive", { displayName: "Yui Kato" });
  english = await t.as("executive", { displayName: "Sam Reed" });
  for (const [who, language] of [
    [japanese, "ja"],
    [english, "en"],
  ] as const) {
    const chose = await t.inject({
      method: "PUT",
      url: "/api/profile/language",
      headers: who.headers,
      payload: { language },
    });
    expect(chose.statusCode, chose.body).toBe(200);
  }
  const aoi = await createUser(t.db, { displayName: "Aoi Tanaka" });
  bands = [
    (
      await createBand(t.db, [{ userId: aoi.id, part: "Guitar" }], {
        name: "Night Owls",
      })
    ).id,
    (
      await createBand(t.db, [{ userId: aoi.id, part: "Bass" }], {
        name: "Blue Train",
      })
    ).id,
    (
      await createBand(t.db, [{ userId: japanese.user.id, part: "Drums" }], {
        name: "Red Lights",
      })
    ).id,
  ];
  t.clock.current = new Date(START);
});
afterAll(() => t.close());

/** A one-day live whose one stage (12:00–12:30) has room for one of its three 20-minute bands. */
async function crampedLive() {
  const event = await createEvent(t.db, {
    title: "Summer Live 2026",
    days: [
      {
        date: SAT,
        stages: [{ name: "Main", opensAt: "12:00", closesAt: "12:30" }],
      },
    ],
  });
  for (const bandId of bands)
    await createApplication(t.db, {
      eventId: event.id,
      bandId,
      submittedBy: null,
      status: "accepted",
      requestedMinutes: 20,
    });
  return event;
}

const url = (eventId: string, path = "") =>
  `/api/events/${eventId}/timetable${path}`;

async function generate(who: Caller, eventId: string) {
  const response = await call.post(who, url(eventId, "/generate"), {
    preset: "compact",
    seed: 1,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Proposal;
}

/** The words of a sentence once the club's own names (bands, stage, people) are taken out. */
const ownWords = (sentence: string) =>
  sentence.replace(
    /Night Owls|Blue Train|Red Lights|Main|Aoi Tanaka|Yui Kato/g,
    " ",
  );

describe("the timetable in the executive’s language", () => {
  it("explains what the generator could not place in Japanese for a Japanese executive, in English for an English one", async () => {
    const event = await crampedLive();
    const inJapanese = await generate(japanese, event.id);
    const inEnglish = await generate(english, event.id);
    // The same timetable either way: only the words differ.
    expect(inEnglish.placements).toEqual(inJapanese.placements);
    expect(inJapanese.unplaced).toHaveLength(2);
    for (const reason of inJapanese.unplaced) {
      expect(reason.message).toMatch(JAPANESE);
      expect(ownWords(reason.message)).not.toMatch(/[A-Za-z]{2,}/);
    }
    for (const reason of inEnglish.unplaced) {
      expect(reason.message).not.toMatch(JAPANESE);
      expect(reason.message).toMatch(/\b(?:min|gap|slot)\b|-minute/);
    }
    expect(inEnglish.unplaced.map((reason) => reason.rule)).toEqual(
      inJapanese.unplaced.map((reason) => reason.rule),
    );
  });

  it("sends the CSV with Japanese headers and days to a Japanese reader, English to an English one", async () => {
    const event = await crampedLive();
    const proposal = await generate(english, event.id);
    const saved = await call.put(english, url(event.id, "/draft"), {
      placements: proposal.placements,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call.post(english, url(event.id, "/publish"), {});
    expect(published.statusCode, published.body).toBe(200);
    const rows = async (who: Caller) => {
      const response = await call.get(who, url(event.id, ".csv"));
      expect(response.statusCode, response.body).toBe(200);
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([
        0xef, 0xbb, 0xbf,
      ]);
      return response.body
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .filter((line) => line !== "")
        .map((line) => line.split(","));
    };
    const [header, row] = await rows(japanese);
    expect(header).toEqual([
      "日付",
      "曜日",
      "ステージ",
      "開始",
      "終了",
      "バンド",
      "メンバー",
    ]);
    expect(row!.slice(0, 5)).toEqual([
      SAT,
      "7月18日(土)",
      "Main",
      "12:00",
      "12:20",
    ]);
    const [englishHeader, englishRow] = await rows(english);
    expect(englishHeader).toEqual([
      "Date",
      "Day",
      "Stage",
      "Start",
      "End",
      "Band",
      "Members",
    ]);
    expect(englishRow!.slice(0, 5)).toEqual([
      SAT,
      "Sat 18 Jul",
      "Main",
      "12:00",
      "12:20",
    ]);
  });

  it("names the CSV file and the calendar feed in the requester's language", async () => {
    const event = await crampedLive();
    const proposal = await generate(english, event.id);
    expect(
      (
        await call.put(english, url(event.id, "/draft"), {
          placements: proposal.placements,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call.post(english, url(event.id, "/publish"), {})).statusCode,
    ).toBe(200);
    const fileName = async (who: Caller, path: string) => {
      const response = await call.get(who, url(event.id, path));
      expect(response.statusCode, response.body).toBe(200);
      return decodeURIComponent(
        /filename\*=UTF-8''(.+)$/.exec(
          String(response.headers["content-disposition"]),
        )![1]!,
      );
    };
    expect(await fileName(japanese, ".csv")).toBe(
      "Summer Live 2026 タイムテーブル.csv",
    );
    expect(await fileName(english, ".csv")).toBe(
      "Summer Live 2026 timetable.csv",
    );
    // The public feed follows Accept-Language (a calendar app is not signed in).
    const feed = async (language: string) => {
      const response = await t.inject({
        method: "GET",
        url: url(event.id, ".ics"),
        headers: { "accept-language": language },
      });
      expect(response.statusCode, response.body).toBe(200);
      const disposition = String(response.headers["content-disposition"]);
      return {
        file: decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!),
        name: /X-WR-CALNAME:(.*)\r\n/.exec(response.body)?.[1],
      };
    };
    expect(await feed("ja")).toEqual({
      file: "Summer Live 2026 タイムテーブル.ics",
      name: "Summer Live 2026 タイムテーブル",
    });
    expect(await feed("en")).toEqual({
      file: "Summer Live 2026 timetable.ics",
      name: "Summer Live 2026 timetable",
    });
  });

  it("words why an improvement run ended for each reader: stored as a code, not as a sentence", async () => {
    const event = await crampedLive();
    const improvement = async (who: Caller) => {
      const response = await call.get(who, url(event.id, "/improvement"));
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as ImprovementView).improvement!;
    };
    const started = await call.post(japanese, url(event.id, "/improvement"), {
      preset: "compact",
      seed: 1,
      seconds: 60,
    });
    expect(started.statusCode, started.body).toBe(202);
    const stopped = await call.post(
      japanese,
      url(event.id, "/improvement/stop"),
    );
    expect(stopped.statusCode, stopped.body).toBe(200);
    let over: Improvement | null = null;
    for (let i = 0; i < 600 && over === null; i++) {
      const now = await improvement(english);
      if (now.status !== "running") over = now;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(over?.status).toBe("stopped");
    expect(over!.message).toBe(
      "Stopped before its time limit. The best timetable it found is in the draft.",
    );
    const inJapanese = await improvement(japanese);
    expect(inJapanese.message).toBe(
      "制限時間の前に停止しました。見つかった最善のタイムテーブルは下書きにあります。",
    );
    const [row] = await t.db
      .select({ message: timetableImprovements.message })
      .from(timetableImprovements)
      .where(eq(timetableImprovements.eventId, event.id));
    expect(row!.message).toBe("stop-asked");
  });
});
