import { afterEach, describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { SchedulePlacement } from "@/contract/live-schedule";
import { server } from "../mocks/server";
import { buildEvent } from "../mocks/handlers/lives";
import {
  buildSchedulePerformance,
  createScheduleApi,
} from "../mocks/handlers/live-schedule";
import {
  buildImprovement,
  buildPerformance,
  createGeneratorApi,
} from "../mocks/handlers/live-generator";
import { buildUser } from "../support/factories";
import { renderApp } from "../support/render-app";
import { expectAllTranslated, recordApiData } from "../support/translated";

// The live timetable screens in Japanese (issue 36): the editor, the published timetable, the
// print view and the generator with "Keep improving", for an executive and a member. The check
// covers the screen's own content (<main>) and its dialogs: the shell around it is another area's.
let recording: ReturnType<typeof recordApiData> | undefined;
afterEach(() => recording?.stop());

const executive = buildUser({ displayName: "Riku Exec", isExecutive: true });
const member = buildUser({ displayName: "Hana Sato" });

const festival = buildEvent({
  kind: "festival",
  season: null,
  title: "Campus Festival 2026",
  days: [
    {
      date: "2026-12-05",
      stages: [
        { name: "Main", opensAt: "12:00", closesAt: "18:00" },
        { name: "Studio", opensAt: "13:00", closesAt: "17:00" },
      ],
    },
    {
      date: "2026-12-06",
      stages: [{ name: "Main", opensAt: "12:00", closesAt: "18:00" }],
    },
  ],
  changeoverMinutes: 5,
  musicianGapMinutes: 30,
  capacityMinutes: 840,
});
const summer = buildEvent({
  kind: "seasonal",
  season: "summer",
  title: "Summer Live 2026",
  days: festival.days,
});

const blueTrain = buildSchedulePerformance({
  bandName: "Blue Train",
  preferredDay: "2026-12-05",
});
const nightOwls = buildSchedulePerformance({ bandName: "Night Owls" });
const sunny = buildSchedulePerformance({
  bandName: "Sunny Days",
  mine: true,
  minutes: 25,
});
const extra = buildSchedulePerformance({ bandName: "Late Comers" });
const performances = [blueTrain, nightOwls, sunny, extra];

const at = (
  performanceId: string,
  date: string,
  stage: string,
  start: string,
  pinned = false,
): SchedulePlacement => ({ performanceId, date, stage, start, pinned });
// Night Owls starts inside Blue Train's changeover: the draft breaks a rule, shown on the block.
const draft = () => [
  at(blueTrain.id, "2026-12-05", "Main", "12:00"),
  at(nightOwls.id, "2026-12-05", "Main", "12:20"),
  at(sunny.id, "2026-12-06", "Main", "12:00", true),
];

function schedule(
  options: Partial<Parameters<typeof createScheduleApi>[0]> = {},
) {
  server.use(
    ...createScheduleApi({
      event: festival,
      others: [summer],
      performances,
      draft: draft(),
      ...options,
    }).handlers,
  );
  recording = recordApiData();
}

describe("the timetable editor in Japanese", { timeout: 60_000 }, () => {
  it("/festival-schedule for an executive: the draft, a selected block, its checks and the publish dialog", async () => {
    schedule({ executive: true, published: draft() });
    const { user } = renderApp(`/festival-schedule?eventId=${festival.id}`, {
      user: executive,
      language: "ja",
    });
    await screen.findByRole("heading", {
      name: "Campus Festival 2026: タイムテーブル",
      level: 1,
    });
    const saturday = await screen.findByRole("group", {
      name: "12月5日(土)のタイムテーブル下書き",
    });
    expect(
      screen.getByRole("heading", { name: "タイムテーブルにない出番(1)" }),
    ).toBeInTheDocument();
    await user.click(
      within(saturday).getByRole("button", { name: /^Night Owls、/ }),
    );
    expect(
      screen.getByRole("region", { name: "選択中: Night Owls" }),
    ).toBeInTheDocument();
    expectAllTranslated(screen.getByRole("main"), recording!.strings);

    await user.click(screen.getByRole("button", { name: "公開する" }));
    const dialog = await screen.findByRole("dialog", {
      name: "ルール違反のあるタイムテーブルを公開しますか?",
    });
    expect(
      within(dialog).getByRole("button", {
        name: "ルール違反1件のまま公開する",
      }),
    ).toBeInTheDocument();
    expectAllTranslated(dialog, recording!.strings);
  });

  it("/festival-schedule for an executive without a draft", async () => {
    schedule({ executive: true, draft: null });
    renderApp(`/festival-schedule?eventId=${festival.id}`, {
      user: executive,
      language: "ja",
    });
    await screen.findByRole("heading", {
      name: "タイムテーブルの下書きはまだありません",
    });
    expectAllTranslated(screen.getByRole("main"), recording!.strings);
  });

  it("/festival-schedule for a member: the published timetable with their own performances", async () => {
    schedule({ published: draft() });
    renderApp(`/festival-schedule?eventId=${festival.id}`, {
      user: member,
      language: "ja",
    });
    await screen.findByRole("heading", { name: "あなたの出番" });
    await screen.findByText(/^第1版/);
    expectAllTranslated(screen.getByRole("main"), recording!.strings);
  });

  it("a seasonal live’s timetable, not published yet, for a member", async () => {
    schedule({ event: summer, others: [festival], draft: null });
    renderApp(`/festival-schedule?eventId=${summer.id}`, {
      user: member,
      language: "ja",
    });
    await screen.findByText("タイムテーブルはまだ公開されていません");
    expectAllTranslated(screen.getByRole("main"), recording!.strings);
  });

  it("the print view", async () => {
    schedule({ published: draft() });
    renderApp(`/festival-schedule?eventId=${festival.id}&print=true`, {
      user: member,
      language: "ja",
    });
    await screen.findByRole("button", { name: "印刷" });
    expect(
      screen.getAllByRole("columnheader").map((header) => header.textContent),
    ).toEqual(["時間", "ステージ", "バンド", "時間", "ステージ", "バンド"]);
    expectAllTranslated(screen.getByRole("main"), recording!.strings);
  });
});

describe("the timetable generator in Japanese", { timeout: 60_000 }, () => {
  it('/festival-schedule-generator for an executive: the form, a proposal and "Keep improving" as it runs', async () => {
    const api = createGeneratorApi({
      event: festival,
      performances: [
        buildPerformance({ bandName: "Blue Train" }),
        buildPerformance({ bandName: "Night Owls", minutes: 25 }),
      ],
    });
    server.use(...api.handlers);
    recording = recordApiData();
    const { user } = renderApp(
      `/festival-schedule-generator?eventId=${festival.id}`,
      { user: executive, language: "ja" },
    );
    await screen.findByRole("heading", {
      name: "Campus Festival 2026: タイムテーブル自動作成",
      level: 1,
    });
    expect(
      await screen.findByRole("region", { name: "自動作成で配置するもの" }),
    ).toHaveTextContent("採用された出番 2件");
    expectAllTranslated(screen.getByRole("main"), recording.strings);

    await user.click(screen.getByRole("button", { name: "作成" }));
    const proposal = await screen.findByRole("article", { name: "案1" });
    expect(proposal).toHaveTextContent(
      "プリセット「詰める」 · シード 1 · 探索量 1 · 固定を維持",
    );
    expect(
      screen.getByRole("region", { name: "改善を続ける" }),
    ).toHaveTextContent(
      "案1(プリセット「詰める」 · シード 1 · 探索量 1 · 固定を維持)から始めます。",
    );
    expectAllTranslated(screen.getByRole("main"), recording.strings);

    const panel = screen.getByRole("region", { name: "改善を続ける" });
    await user.click(
      within(panel).getByRole("button", { name: "改善を続ける" }),
    );
    await within(panel).findByRole("heading", {
      name: "タイムテーブルを改善しています…",
    });
    api.state.improvement = buildImprovement({
      status: "running",
      secondsDone: 12,
      seconds: 30,
      searches: 4,
      improvements: 2,
      cost: 21,
      bound: 20,
      gapPercent: 5,
      boundSource: "calculation",
      startedBy: { id: executive.id, displayName: executive.displayName },
    });
    await within(panel).findByText("最善との差は5%以内です", undefined, {
      timeout: 4_000,
    });
    expect(
      within(panel).getByRole("progressbar", { name: "経過時間" }),
    ).toHaveAttribute("aria-valuetext", "30秒中12秒");
    expect(panel).toHaveTextContent("4回の試行で2件の改善");
    expectAllTranslated(screen.getByRole("main"), recording.strings);

    api.state.improvement = {
      ...api.state.improvement,
      status: "stopped",
      message:
        "制限時間の前に停止しました。見つかった最善のタイムテーブルは下書きにあります。",
    };
    await within(panel).findByText("停止しました", undefined, {
      timeout: 4_000,
    });
    expectAllTranslated(screen.getByRole("main"), recording.strings);
  });

  it("the generator for a live with no accepted band yet", async () => {
    const api = createGeneratorApi({ event: summer });
    server.use(...api.handlers);
    recording = recordApiData();
    renderApp(`/festival-schedule-generator?eventId=${summer.id}`, {
      user: executive,
      language: "ja",
    });
    await screen.findByText("採用されたバンドはまだありません");
    expectAllTranslated(screen.getByRole("main"), recording.strings);
  });
});
