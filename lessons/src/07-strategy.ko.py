# %% [markdown]
# # 7강 — 전략과 최적화: 탐욕, 더 똑똑하게, 가장 좋게
#
# **학습 목표**
# - 똑같이 정해진 주사위에서 세 플레이어를 비교해요: **탐욕** 로봇(지금 가장 좋아 보이는
#   수), **주사위 굴림 하나를 앞서 보는** 로봇, 그리고 모든 주사위를 알고 가장 좋은
#   점수를 *증명하는* **솔버**예요.
# - **분기 한정법**을 이해해요: 선택의 나무를 탐색하지만, 지금까지 찾은 가장 좋은 것을
#   이길 수 없는 가지는 모두 잘라요.
# - **상한**이 무엇인지, 솔버가 규칙 하나를 *느슨하게* 해서("라운드마다 패스해도 돼요")
#   어떻게 상한을 얻는지 알아요.
# - 게임의 라운드마다 **후회**를 읽어요: 차례 하나가 점수를 몇 점 놓쳤는지예요.
#
# 문제는 언제나 그 답을 알려 주는 코드보다 *먼저* 나와요. `None` 자리에 답을 쓰고
# 실행한 다음, 그 아래의 확인 코드를 실행하세요.

# %% [markdown] teacher
# ## 선생님을 위한 안내 (교사용에만 있어요)
# **교육과정.** 알고리즘과 최적화: 탐욕 알고리즘과 그것이 실패할 수 있는 까닭; 전체
# 탐색(2ⁿ가지 선택의 나무)과 분기 한정법의 비교; 상한과 하한; 제약을 느슨하게 해서
# 한계를 얻기; 게임의 꺾은선그래프와 막대그래프 읽기. 컴퓨팅 사고: 분해, 추상화(굴착
# 가방은 0/1 배낭 문제예요). 14세 이상. 6강(로봇)을 먼저 해요.
#
# **50분 수업에 맞아요.** 분석 패널과 다시 보기는 선생님이 화면에서 보여 주세요(노트북을
# 실행하는 데 1분쯤 걸려요: 먼저 실행해 두세요):
#
# | 부분 | 분 |
# |---|---|
# | 같은 주사위의 세 플레이어, 문제 1 | 8 |
# | 굴착 가방의 분기 한정법: 나무, 문제 2와 3, 가지치기 | 15 |
# | 솔버가 증명하는 것 (완화) | 7 |
# | 후회: 문제 4, 패널과 다시 보기 (선생님 화면) | 10 |
# | 문제 5, 마무리 문제 | 10 |
#
# **자주 하는 오해.**
# - "탐욕 로봇이 가장 잘한다": 최적값은 증명된 것이고, 탐욕은 추측이에요. 주사위 굴림
#   하나를 앞서 보는 것은 어떤 퍼즐에서는 도움이 되고, 다른 퍼즐에서는 손해예요.
# - 문제 1: 차이가 아니라 점수로 답하기.
# - 문제 2: 한계를 가방 안의 점수(7)만으로 생각하기. 가방 + 아직 정하지 않은 모든
#   발견물(7 + 3 + 2 = 12)이에요. 또는 들어가지 않는 발견물을 빼기: 한계는 일부러 자리를
#   무시해요(그것이 완화예요).
# - 문제 3: "한계가 가장 좋은 값보다 작을 때만 자른다": 가장 좋은 값과 *같은* 한계도
#   그 값을 이길 수 없으니, 그 가지는 잘라요.
# - 전체 탐색의 가방 16개를 분기 한정법이 방문한 마디 수와 비교하기: 나무 전체는 마디가
#   31개(안쪽 마디 15개와 가방 16개)예요. 마디는 마디끼리 비교해요.
#
# **쉬운 길.** 종이 위의 굴착 가방: 발견물 네 개로 나무를 그리고, 잘린 가지에 가위표를
# 해요. 문제 1–3만 해요. **어려운 길.** *여러분 차례* 1(다섯째 발견물과 발견물의
# 순서); 더 좋은 한계(자리 한 칸마다 점수가 가장 높은 것으로 자리를 채우기, 분할 배낭
# 문제)와 그것이 줄이는 마디 수.
#
# 풀이는 답 코드에 있고, 그 까닭도 함께 적혀 있어요.

# %%
import random

from paleowidgets import Game, GameLog, PlayerLog, render_svg
from paleowidgets.exercises.lesson07 import (
    FINDS,
    ROOM,
    bot_score,
    branch_and_bound,
    brute_force,
    check_bound,
    check_cut,
    check_gap,
    check_worst_round,
    node_bound,
    tree_nodes,
)
from paleowidgets.exercises.lesson08 import load_tier
from paleowidgets.i18n import set_language
from paleowidgets.render.chart import bar_chart
from paleowidgets.solver.analysis import analyse
from paleowidgets.solver.bots import ExpectationBot, GreedyBot, play_game
from paleowidgets.solver.exact import solve
from paleowidgets.widgets.analysis import (
    AnalysisPanel,
    chart_svg,
    replay_with_analysis,
    scores_of,
)

# 아래의 모든 글(시트, 위젯, 확인)의 언어를 한 번에 정해요.
LANG = "ko"
set_language(LANG)


# %% [markdown]
# ## 세 플레이어, 같은 주사위
# **주사위가 정해진 퍼즐**은 모든 주사위 굴림을 미리 알려 줘요. 탐욕 로봇은 나중의
# 주사위 굴림을 보지 않아요: 라운드마다 *지금* 가장 좋아 보이는 수를 골라요. 기댓값
# 로봇도 나중의 주사위 굴림을 모르지만, "어떤 수를 두면 *나올 법한* 다음 주사위 굴림에
# 좋은 수가 남을까?"라고 물어요. 솔버는 모든 주사위 굴림을 읽고, 어떤 수순도 더 많이
# 얻을 수 없다는 걸 **증명**할 때까지 탐색해요.

# %%
puzzles = load_tier("beginner") + load_tier("intermediate")[:4]   # 키트의 puzzles/ 폴더에서
names, greedy, ahead, best = [], [], [], []
print(f"{'퍼즐':12} 라운드   탐욕  하나 앞   최적값")
for puzzle in puzzles:
    names.append(puzzle.title_in(LANG))
    greedy.append(bot_score(puzzle, GreedyBot()))
    ahead.append(bot_score(puzzle, ExpectationBot()))
    best.append(solve(puzzle).optimum)
    print(f"{puzzle.title_in(LANG):14} {len(puzzle.rolls):6}  {greedy[-1]:6}  {ahead[-1]:7}  {best[-1]:7}")

# %%
bar_chart(names, {"탐욕": greedy, "주사위 굴림 하나 앞": ahead, "최적값 (증명됨)": best},
          title="똑같이 정해진 주사위의 세 플레이어", xlabel="퍼즐", ylabel="점수",
          width=640)

# %% [markdown]
# 두 로봇 모두 최적값을 이기지 못해요: 최적값은 *어떤* 수순으로든 얻을 수 있는 가장
# 좋은 점수예요. 앞을 보는 것은 어떤 퍼즐에서는 도움이 되고, 다른 퍼즐에서는 손해예요:
# 주사위에 대한 추측은 그래도 추측이에요.
#
# %%
first_ring = next(p for p in puzzles if p.title == "First ring")

# %% [markdown]
# **문제 1.** 퍼즐 *First ring*(첫 고리)에서 탐욕 로봇은 몇 점을 놓칠까요(최적값 빼기
# 탐욕 점수)? 점수는 답이 아니에요: 질문은 차이예요.

# %% answer
### BEGIN SOLUTION
answer = 2    # 표에서 읽어요: 최적값 빼기 탐욕 점수
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_gap(first_ring, answer)
### END HIDDEN TESTS
check_gap(first_ring, answer)

# %% [markdown]
# ## 분기 한정법, 아주 작은 예로
# 잠깐 주사위는 잊어요. 자리가 10칸인 **굴착 가방**을 싸고 있어요. 발견물마다 자리를
# 얼마간 차지하고, 점수가 있어요 (Skull은 두개골, Tooth는 이빨, Shell은 조개껍데기,
# Claw는 발톱이에요):

# %%
for find in FINDS:
    print(f"{find.name:6} 자리 {find.room}  점수 {find.points}")
print("가방의 자리:", ROOM)

# %% [markdown]
# 발견물은 하나하나 **넣거나 빼요**: 선택의 나무예요. 맨 위 마디는 두개골을 정하고,
# 다음 층은 이빨을 정하고, 그렇게 이어져요. 맨 아래에는 2 × 2 × 2 × 2 = 16개의 가방이
# 있어요. 가는 길의 마디까지 세면 나무에는 1 + 2 + 4 + 8 + 16 = **31개의 마디**가
# 있어요. 모든 가방을 시도하는 것(*전체 탐색*)은 언제나 되지만, 발견물이 하나 늘 때마다
# 나무가 두 배가 돼요: 발견물이 30개면 가방이 10억 개가 넘어요.

# %%
best_points, tried = brute_force(FINDS, ROOM)
print(f"전체 탐색: 가장 좋은 값 {best_points}점, 시도한 가방 {tried}개, "
      f"나무 전체의 마디 {tree_nodes(len(FINDS))}개")

# %% [markdown]
# **분기 한정법**은 나무를 따라 내려가면서(먼저 넣고, 그다음 빼요) 지금까지 찾은 가장
# 좋은 가방을 기억해요. 마디마다 **한계**를 계산해요: 이미 가방에 든 점수에 아직 정하지
# 않은 *모든* 발견물의 점수를 더해요. 가방의 자리가 끝없이 있는 것처럼요. 그 마디 아래의
# 어떤 가방도 한계보다 많이 얻을 수 없어요. 그래서 한계가 이미 찾은 가장 좋은 가방보다
# 크지 않으면, 그 가지 전체를 들여다보지 않고 **잘라요**.

# %% [markdown]
# **문제 2.** 두개골은 넣고 이빨은 뺀 마디: 이 마디의 한계는 얼마일까요? (두개골은
# 7점이에요. 조개껍데기와 발톱은 아직 정하지 않았어요.)

# %% answer
### BEGIN SOLUTION
answer = 12    # 가방에 7 + 3(조개껍데기) + 2(발톱), 자리가 끝없는 것처럼요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_bound(FINDS, {"Skull": True, "Tooth": False}, answer)
### END HIDDEN TESTS
check_bound(FINDS, {"Skull": True, "Tooth": False}, answer)

# %% [markdown]
# **문제 3.** 탐색이 이미 10점짜리 가방을 찾았어요. '두개골을 뺀' 마디 아래를 모두
# 건너뛰어도 될까요? `True`(네, 잘라요)나 `False`로 답하세요.

# %% answer
### BEGIN SOLUTION
answer = True    # 한계가 1 + 3 + 2 = 6으로 10보다 크지 않아요: 아래의 어떤 가방도 10을 못 이겨요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_cut(FINDS, {"Skull": False}, 10, answer)
### END HIDDEN TESTS
check_cut(FINDS, {"Skull": False}, 10, answer)

# %% [markdown]
# 이제 탐색 자체를 봐요. 탐색은 방문한 마디를 모두 세요. 안쪽 마디도 가방도 세요.
# 그러니 그 수를 나무 전체의 마디 31개와 비교해 보세요:

# %%
bag = branch_and_bound(FINDS, ROOM)
print(f"분기 한정법: 가장 좋은 값 {bag.best}점 ({', '.join(bag.taken)}); "
      f"마디 {tree_nodes(len(FINDS))}개 중 {bag.nodes}개 방문, "
      f"가방 {tried}개 중 {bag.leaves}개를 끝까지 봤어요")
for decisions, bound, best_then in bag.cuts:
    said = ", ".join(f"{name} {'넣음' if took else '뺌'}" for name, took in decisions.items())
    print(f"[{said}]에서 잘라요: 한계 {bound} <= 지금까지 가장 좋은 값 {best_then}")

# %%
print("[Skull 뺌]의 한계:", node_bound(FINDS, {"Skull": False}))

# %% [markdown]
# ## 솔버가 증명하는 것, 그리고 그 방법
# 솔버는 진짜 게임에서 같은 일을 해요. 거기서 나무는 라운드마다의 차례예요. 솔버에게는
# 수 두 개가 필요해요:
#
# - **하한**: 솔버가 찾은 진짜 수순의 점수예요(규칙에 맞는 수순이면 뭐든 돼요. 좋을수록
#   더 많이 자를 수 있어요).
# - **상한**: 어떤 수순도 넘을 수 없는 수예요. 솔버는 규칙 하나를 *느슨하게* 해서 이것을
#   얻어요: 모양이 들어가도 **"라운드마다 패스해도 돼요"**. 이 규칙을 느슨하게 해도
#   진짜 수순은 모두 그대로 되고, 더 많은 수순도 돼요. 그래서 느슨한 게임의 가장 좋은
#   값은 같거나 더 높을 수밖에 없어요. 그리고 느슨한 게임은 풀기가 훨씬 쉬워요: 쓸모없는
#   그리기는 그냥 패스로 바꾸면 돼요.
#
# 진짜 수순이 상한에 닿으면, 어떤 것도 더 잘할 수 없어요: 그것이 **증명**이에요. 그렇지
# 않으면 솔버는 진짜 게임에서 분기 한정법을 써요. 마디마다 느슨한 게임의 가장 좋은 값을
# 한계로 써요.

# %%
solution = solve(first_ring)
print("최적값:", solution.optimum, "| 증명됨:", solution.proven)
for number, (roll, turn) in enumerate(zip(first_ring.rolls, solution.turns, strict=True), start=1):
    print(f"{number}라운드: 주사위 {roll[0]}-{roll[1]} -> {turn}")
render_svg(first_ring, turns=solution.turns, title=f"{first_ring.title_in(LANG)}: 가장 좋은 수순")

# %% [markdown]
# ## 점수는 어디로 갔을까요? 라운드마다의 후회
# 탐욕 로봇이 가장 많이 잃는 중급 퍼즐을 골라서, 탐욕 로봇이 하게 해요. 라운드마다
# 솔버에게 물어요: *이 차례 전과 후에 아직 얻을 수 있는 가장 좋은 점수는 얼마였나요?*
# 그 차이가 차례의 **후회**예요. 후회가 0인 차례는 모든 기회를 지켰어요. 후회를 모두
# 더하면 게임에서 놓친 점수가 돼요.

# %%
def greedy_game(puzzle):
    game = Game.from_puzzle(puzzle)
    _, turns = play_game(game, puzzle.rolls, GreedyBot(), random.Random(1))
    return game, tuple(turns)


worst = max(load_tier("intermediate"), key=lambda p: p.optimum - bot_score(p))
game, turns = greedy_game(worst)
analysis = analyse(game, worst.rolls, turns)
print(f"{worst.title_in(LANG)}: 탐욕 로봇 {analysis.final}점, 최적값 {analysis.best}점")

# %% [markdown]
# **문제 4.** 탐욕 로봇의 게임에서 어느 라운드가 가장 많은 점수를 놓쳤을까요?
# `analysis.rounds`의 `ra`마다 `ra.round`와 `ra.regret`가 있어요. 아래 목록이 출력되기
# 전에 코드로 그 라운드를 찾아보세요.

# %% answer
### BEGIN SOLUTION
answer = max(analysis.rounds, key=lambda ra: ra.regret).round
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_worst_round(analysis, answer)
### END HIDDEN TESTS
check_worst_round(analysis, answer)

# %%
for ra in analysis.rounds:
    print(f"{ra.round}라운드: 얻을 수 있는 가장 좋은 점수 {ra.best_before} -> {ra.best_after}, "
          f"후회 {ra.regret}")
print("후회를 모두 더하면", sum(ra.regret for ra in analysis.rounds), "=",
      analysis.best, "-", analysis.final)

# %% [markdown]
# 분석 패널이 이것을 그려요: 네모가 있는 점선은 아직 얻을 수 있는 가장 좋은 점수이고,
# 점이 있는 실선은 지금까지의 점수이고, 막대는 후회예요. 라운드를 클릭하거나(또는 화살표
# 키) 글로 읽어 보세요. 가장 좋은 점수를 지켰을 차례도 알려 줘요. 게임 다시 보기 옆에
# 두면 둘이 함께 움직여요.

# %%
chart_svg(analysis, scores_of(game, analysis), round=0)

# %%
AnalysisPanel(analysis, game=game)

# %%
replay_with_analysis(GameLog(worst, worst.rolls, (PlayerLog("탐욕 로봇", turns),)),
                     analysis=analysis)

# %% [markdown]
# **문제 5.** 다시 굴착 가방이에요. 탐색이 한 번도 출력하지 않은 마디예요: 두개골과
# 이빨을 모두 넣었어요. 이 마디의 한계는 얼마일까요?

# %% answer
### BEGIN SOLUTION
answer = 13    # 가방에 7 + 1, 아직 정하지 않은 3 + 2
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_bound(FINDS, {"Skull": True, "Tooth": True}, answer)
### END HIDDEN TESTS
check_bound(FINDS, {"Skull": True, "Tooth": True}, answer)

# %% [markdown]
# ## 여러분 차례예요
# 1. 가방에 다섯째 발견물(자리 1, 점수 2)을 넣어 보세요. 분기 한정법이 여전히 전체
#    탐색보다 마디를 적게 방문할까요? 발견물의 *순서*는 왜 중요할까요?
# 2. 위의 퍼즐을 `PuzzleWidget`으로 해 보고(8강), 탐욕 로봇의 점수를 이겨 보세요. 그다음
#    `analyse(game, rolls, turns)`로 여러분의 게임을 분석해 보세요.
# 3. 보너스는 언제 쓰면 좋을까요? *전환은 아껴 둬요*
#    (`puzzles/1-beginner/25-keep-the-switch.toml`): 별은 고르는 보너스를 줘요. 어떤
#    보너스를 골라서 어느 라운드에 쓸까요? 탐욕 로봇은 별을 그냥 지나쳐요.
#    `PuzzleWidget("../puzzles/1-beginner/25-keep-the-switch.toml")`

# %% [markdown]
# ## 마무리 문제
# 마지막으로 혼자 풀어 봐요: 이 수업에서 한 번도 보여 주지 않은 경우에 대한 질문이에요.
# 다음 코드를 실행해서 질문을 보고, 질문 순서대로 답을 리스트 하나에 쓰세요.
# `answer = [첫째, 둘째]`처럼요. 그리고 확인 코드를 실행하세요. 선생님이 결과를 모을 수도 있어요.

# %%
from paleowidgets.exercises.lesson07 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = [6, True]    # 1(이빨) + 3 + 2; 한계 5는 7보다 크지 않아요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
