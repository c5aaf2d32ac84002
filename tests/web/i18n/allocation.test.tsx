import { afterEach, describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { Round } from "@/contract/allocation-rounds";
import { server } from "../mocks/server";
import {
  buildBandResult,
  buildBandWishes,
  buildCell,
  buildDraft,
  buildDraftBand,
  buildRound,
  createAllocationApi,
  periods,
  rooms,
} from "../mocks/handlers/allocation";
import { buildUser } from "../support/factories";
import { renderApp } from "../support/render-app";
import { expectAllTranslated, recordApiData } from "../support/translated";

// The room allocation (練習室の抽選) in Japanese (issue 36): a member's wishes and results, the
// executive's draft and every band's wishes. The check covers the screen's own content (<main>)
// and its dialogs; the shell around it is another area's.
let recording: ReturnType<typeof recordApiData> | undefined;
afterEach(() => recording?.stop());

const member = buildUser({ displayName: "Hana Sato" });
const executive = buildUser({ displayName: "Riku Exec", isExecutive: true });
const monday = "2026-11-30";
const tuesday = "2026-12-01";
const blueHour = { bandId: crypto.randomUUID(), bandName: "Blue Hour" };
const nightOwls = { bandId: crypto.randomUUID(), bandName: "Night Owls" };

const wish = (rank: number, roomId: string | null, date: string) => ({
  rank,
  roomId,
  roomName:
    roomId === rooms.studioA.id
      ? "Studio A"
      : roomId === rooms.roomB.id
        ? "Room B"
        : null,
  date,
  periodId: periods.sixth.id,
  periodLabel: "6th",
});

async function open(user = member) {
  const rendered = renderApp("/room-allocation-list", { user, language: "ja" });
  await screen.findByRole("heading", { level: 1, name: "練習室の抽選" });
  return rendered;
}

describe("the room allocation in Japanese", { timeout: 60_000 }, () => {
  it("a member’s wishes form while the round is open shows only catalogue words", async () => {
    const round = buildRound({
      closesAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      closedCells: [
        {
          roomId: rooms.roomB.id,
          date: tuesday,
          periodId: periods.fifth.id,
          reason: "利用停止：Open Campus",
        },
      ],
    });
    const band = buildBandWishes({
      ...blueHour,
      wishes: [wish(1, rooms.studioA.id, monday), wish(2, null, tuesday)],
      fromStanding: true,
      standing: true,
      updatedAt: new Date().toISOString(),
      updatedBy: "Hana Sato",
    });
    const api = createAllocationApi({
      current: round,
      myBands: [band],
      contest: {
        cells: [
          {
            roomId: rooms.studioA.id,
            date: monday,
            periodId: periods.sixth.id,
            bands: 3,
            firstWishes: 2,
          },
        ],
      },
    });
    server.use(...api.handlers);
    recording = recordApiData();
    // Up to the first render (the app's chunks): well past 20 s on the loaded shared machine.
    await open();
    await screen.findByRole("heading", { level: 3, name: "Blue Hour" });
    expect(screen.getByRole("group", { name: "第1希望" })).toHaveTextContent(
      "これまでに3バンドが希望（うち第1希望は2バンド）。",
    );
    expect(
      screen.getByRole("button", { name: "希望を保存" }),
    ).toBeInTheDocument();
    expectAllTranslated(screen.getByRole("main"), recording.strings);
  });

  it("a member’s results of a published round, with the earlier rounds, show only catalogue words", async () => {
    const published = buildRound({
      status: "published",
      wishesEditable: false,
      ranAt: "2026-11-26T11:00:05Z",
      publishedAt: "2026-11-26T12:00:00Z",
      bandsServed: 2,
    });
    const earlier = buildRound({
      weekStart: "2026-11-23",
      status: "published",
      wishesEditable: false,
      publishedAt: "2026-11-19T12:00:00Z",
      bandsServed: 1,
    });
    const results = [
      buildBandResult({
        ...blueHour,
        asked: 2,
        received: 1,
        pointsBefore: 0,
        pointsAfter: 1,
        periods: [
          buildCell({
            ...blueHour,
            roomId: rooms.roomB.id,
            roomName: "Room B",
            rank: 2,
          }),
        ],
        // Worded by the server in the reader's language.
        unmet: [
          {
            ...wish(1, rooms.studioA.id, tuesday),
            reason:
              "火曜の6thのコマのStudio AはNight Owlsに割り当てられました（くじで決まりました）。",
          },
        ],
      }),
      buildBandResult({
        ...nightOwls,
        asked: 1,
        received: 0,
        pointsBefore: 4,
        pointsAfter: 6,
      }),
    ];
    server.use(
      ...createAllocationApi({ current: published, past: [earlier], results })
        .handlers,
    );
    recording = recordApiData();
    await open();
    const card = await screen.findByRole("region", { name: "Blue Hour" });
    expect(card).toHaveTextContent(
      "希望した2コマのうち1コマを受け取りました。",
    );
    expect(
      within(card).getByRole("list", { name: "Blue Hourのかなわなかった希望" }),
    ).toHaveTextContent(/^第1希望: Studio A・.+・6thのコマ/);
    await screen.findByRole("navigation", { name: "これまでの抽選" });
    expectAllTranslated(screen.getByRole("main"), recording.strings);
  });

  it("the executive’s draft, its figures, fairness and every band’s wishes show only catalogue words", async () => {
    const round = buildRound({
      status: "draft",
      canManage: true,
      wishesEditable: false,
      ranAt: new Date().toISOString(),
      bandsServed: 2,
    });
    const draft = buildDraft(round, {
      provenOptimal: false,
      cells: [
        buildCell({ ...blueHour, rank: 1 }),
        buildCell({
          ...nightOwls,
          roomId: rooms.roomB.id,
          roomName: "Room B",
          date: tuesday,
          rank: null,
        }),
      ],
      bands: [
        buildDraftBand({
          ...blueHour,
          pointsBefore: 6,
          pointsAfter: 3,
          termRounds: 3,
          termRoundsWithNothing: 2,
          termPeriods: 1,
        }),
        buildDraftBand({
          ...nightOwls,
          asked: 2,
          received: 0,
          firstWishMet: false,
          pointsBefore: 1,
          pointsAfter: 5,
          termRounds: 1,
          termPeriods: 0,
          unmet: [
            {
              ...wish(1, null, monday),
              reason: "月曜の6thのコマはどの練習室も埋まっています。",
            },
          ],
        }),
      ],
      breaks: [
        {
          rule: "limit",
          bandId: blueHour.bandId,
          message: "Blue Hourは3コマ受け取りますが、希望は2コマです。",
        },
      ],
    });
    const api = createAllocationApi({
      current: round,
      draft,
      allWishes: {
        bands: [
          {
            ...buildBandWishes({
              ...blueHour,
              wishes: [wish(1, rooms.studioA.id, monday)],
              standing: true,
            }),
            points: 6,
            members: [{ id: crypto.randomUUID(), displayName: "Ren Aoki" }],
          },
        ],
      },
    });
    server.use(...api.handlers);
    recording = recordApiData();
    const { user } = await open(executive);
    await screen.findByRole("list", { name: "割り当てた練習室" });
    await screen.findByRole("list", { name: "全バンドの希望" });
    expect(screen.getByLabelText("集計")).toHaveTextContent(
      "割り当てのあったバンド2 / 3",
    );
    expectAllTranslated(screen.getByRole("main"), recording.strings);

    await user.click(
      screen.getByRole("button", { name: "手で練習室を割り当てる" }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "手で練習室を割り当てる",
    });
    expectAllTranslated(dialog, recording.strings);
  });

  it.each([
    ["no round this week", true, "今週の抽選はありません。"],
    ["rounds switched off", false, "練習室の抽選は行っていません。"],
  ])("%s, in Japanese", async (_case, enabled, title) => {
    server.use(
      ...createAllocationApi({ enabled, current: null as Round | null })
        .handlers,
    );
    recording = recordApiData();
    await open();
    await screen.findByText(title);
    expectAllTranslated(screen.getByRole("main"), recording.strings);
  });
});
