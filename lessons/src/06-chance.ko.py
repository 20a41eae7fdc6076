# %% [markdown]
# # 6강 — 확률: 주사위는 무엇을 줄까요?
#
# **학습 목표**
# - 주사위 두 개의 **주사위 굴림 36가지**를 모두 적고, 세어서 확률을 구해요: 같은 눈,
#   어떤 모양, 어떤 굴착 유형, 그리고 어떤 모양*과* 어떤 굴착 유형을 함께.
# - 정확한 확률을 시드로 정한 많은 주사위 굴림의 **시뮬레이션**과 비교해요: 비슷하지만
#   꼭 같지는 않고, 더 많이 굴릴수록 더 가까워져요.
# - **점수 히스토그램**을 읽어요: 로봇이 여러 게임에서 몇 점을 얻는지, 어떤 로봇이
#   평균적으로 더 잘하는지 알아봐요.
#
# 여기의 모든 주사위 굴림은 시드에서 나와요. 그래서 모든 노트북에서 같은 수가 보여요.
#
# 문제는 언제나 그 답을 알려 주는 코드보다 *먼저* 나와요. `None` 자리에 답을 쓰고
# 실행한 다음, 그 아래의 확인 코드를 실행하세요. 확률은 따옴표 안의 분수(`"11/36"`),
# 소수 둘째 자리까지의 소수(`0.31`), 또는 따옴표 안의 정수 백분율(`"31%"`)로 쓸 수 있어요.

# %% [markdown] teacher
# ## 선생님을 위한 안내 (교사용에만 있어요)
# **교육과정.** 확률: 주사위 두 개의 **표본 공간**(똑같이 일어날 법한 결과 36가지),
# 알맞은 결과를 세어 구하는 확률, 여사건으로 구하는 "적어도 하나"(36 − 25), 두 번 세지
# 않기(포함 배제); 시뮬레이션에서 얻는 **상대도수**와 큰수의 법칙; 히스토그램, 평균,
# 표준편차로 **분포**를 읽고 비교하기; 표본 크기의 영향. 12세 이상.
#
# **50분 수업에 맞아요.** 로봇 부분은 길게 토론하지 않고 보여 주기만 하면 돼요(로봇의
# 90게임이 노트북 실행 시간의 대부분이에요):
#
# | 부분 | 분 |
# |---|---|
# | 주사위 굴림 36가지, 문제 1 (같은 눈) | 8 |
# | 어떤 모양, 문제 2 (모양 하나), 주사위 굴림 하나가 주는 모양의 수 | 8 |
# | 굴착 유형, 문제 3과 4 | 10 |
# | 시뮬레이션, 큰수의 법칙, 문제 5 (코드로 세기) | 10 |
# | 히스토그램, 평균과 표준편차, 30게임 또는 200게임 | 10 |
# | 마무리 문제 | 4 |
#
# 시간이 모자라면: 문제 5와 가장 좋은 게임의 시트를 건너뛰고, 로봇 부분은 숙제로
# 읽게 해요.
#
# **자주 하는 오해.**
# - 36가지가 아니라 21가지: 2-5와 5-2는 다른 주사위 굴림이에요(주사위 두 개를 다른
#   색으로 칠해 보게 하세요).
# - 문제 1: 1/36 (1-1만 세기) 또는 6/6.
# - 문제 2: 1/6 (주사위 하나만 보기) 또는 2/6 = 12/36 (두 주사위의 경우를 더하면 4-4를
#   두 번 세요: 답은 11/36).
# - 문제 3: 24/36 (같은 실수: 3-3, 3-4, 4-3, 4-4를 두 번 세기).
# - 문제 4: 2/36 (주사위의 순서를 잊기): 한 주사위는 X, 다른 주사위는 빗금, 어느
#   쪽이든 돼요: 4/36.
# - "시뮬레이션이 정확히 11/36이 아니니까 틀렸다": 상대도수는 확률 주위에서 흔들리다가
#   주사위를 더 많이 굴릴수록 자리를 잡아요.
# - "30게임이면 어떤 로봇이 더 좋은지 증명된다": *얼마나 확실할까요?*를 보세요.
#
# **쉬운 길.** 두 사람마다 진짜 주사위 두 개, 주사위 굴림을 표시할 6 × 6 격자 종이;
# 문제 1–3만 해요. **어려운 길.** 주사위 굴림이 L *또는* P를 줄 확률(포함 배제);
# 로봇들의 오차 범위; 200게임으로 `paleo simulate`.
#
# 풀이는 답 코드에 있고, 그 까닭도 함께 적혀 있어요.

# %%
from fractions import Fraction

from paleowidgets import Game, load_map, render_svg, roll_sequence
from paleowidgets.core.geometry import LETTERS
from paleowidgets.exercises.lesson06 import (
    check_dig_chance,
    check_double_chance,
    check_doubles_counted,
    check_pair_chance,
    check_shape_chance,
)
from paleowidgets.i18n import set_language
from paleowidgets.render.chart import bar_chart, histogram, line_chart, shared_axes

# 아래의 모든 글(시트, 확인)의 언어를 한 번에 정해요.
set_language("ko")

game = Game(load_map("dig-site"))
for face in range(1, 7):
    shapes = " 또는 ".join(game.dice.shapes_of(face))
    print(f"{face}의 눈: 모양 {shapes:6}  굴착 유형 {game.dice.dig_of(face)}")

# %% [markdown]
# ## 주사위 굴림 36가지
# 주사위 하나는 빨간색, 다른 하나는 파란색으로 칠해요. 빨간 주사위는 1부터 6까지 나오고,
# 그 하나하나마다 파란 주사위도 1부터 6까지 나와요. 그래서 6 × 6 = **36가지 주사위
# 굴림**이 있고, 모두 똑같이 일어날 법해요. 확률은 *(알맞은 주사위 굴림의 수) / 36*이에요.
#
# **같은 눈**은 두 주사위가 같은 수를 보여 주는 거예요: 1-1, 2-2, ..., 6-6.

# %% [markdown]
# **문제 1.** 같은 눈이 나올 확률은 얼마일까요?

# %% answer
### BEGIN SOLUTION
answer = "1/6"    # 36가지 중에 같은 눈이 6가지 (1-1 ... 6-6): 6/36
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_double_chance(answer)
### END HIDDEN TESTS
check_double_chance(answer)

# %%
ROLLS = [(red, blue) for red in range(1, 7) for blue in range(1, 7)]
for red in range(1, 7):
    print("  ".join(f"{r}-{b}{'*' if r == b else ' '}" for r, b in ROLLS if r == red))
doubles = [roll for roll in ROLLS if roll[0] == roll[1]]
print(f"주사위 굴림 {len(ROLLS)}가지, 같은 눈 {len(doubles)}가지 (* 표시): P(같은 눈) = "
      f"{Fraction(len(doubles), len(ROLLS))}")

# %% [markdown]
# ## 어떤 모양을 그릴 수 있을까요?
# 어느 주사위로든 모양을 정할 수 있어요. 그래서 주사위 굴림 2-5는 2의 눈의 모양 **과**
# 5의 눈의 모양을 줘요. 같은 눈은 그 눈의 모양 두 개만 줘요.

# %%
print("주사위 굴림 2-5가 주는 모양:", game.roll_shapes((2, 5)))
print("주사위 굴림 3-3이 주는 모양:", game.roll_shapes((3, 3)))

# %% [markdown]
# **문제 2.** P는 4의 눈에 있어요. 주사위 굴림이 P를 줄 확률은 얼마일까요? 조심하세요:
# 어느 주사위든 4가 나올 수 있어요.

# %% answer
### BEGIN SOLUTION
answer = "11/36"    # 36가지에서 4가 하나도 없는 25가지(5 x 5)를 빼요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_shape_chance("P", answer)
### END HIDDEN TESTS
check_shape_chance("P", answer)

# %% [markdown]
# 어떤 모양은 얼마나 자주 나올까요? L은 5의 눈에 있어요. **적어도 하나의** 주사위가 5를
# 보여 주면 L을 고를 수 있어요. 그런 주사위 굴림을 세거나, 나머지를 세어도 돼요: 5가
# 하나도 없는 주사위 굴림이 5 × 5 = 25가지라서, 36 − 25 = 11가지가 L을 줘요.

# %%
def shape_offered(shape):
    return sum(1 for roll in ROLLS if shape in game.roll_shapes(roll))


print({shape: f"{shape_offered(shape)}/36" for shape in LETTERS})

# %% [markdown]
# 모든 모양이 36가지 중 11가지 주사위 굴림에서 나와요. 3분의 1보다 조금 적어요. 그럼
# 주사위 굴림 하나는 모양을 **몇 개** 줄까요? 같은 눈이 아니면 네 개예요.

# %%
offers = {2: 0, 4: 0}
for roll in ROLLS:
    offers[len(game.roll_shapes(roll))] += 1
print(offers)
bar_chart(["모양 2개", "모양 4개"], [offers[2] / 36, offers[4] / 36],
          title="주사위 굴림 하나가 주는 모양의 수", xlabel="고를 수 있는 모양",
          ylabel="확률 (1 중에서)")

# %% [markdown]
# ## 굴착 유형, 그리고 모양과 굴착 유형을 함께
# 1–2의 눈은 V자, 3–4는 점, 5–6은 빗금을 줘요. 적어도 하나의 주사위가 1이나 2를 보여
# 주면 V자를 줘요: 36 − 4 × 4 = 20가지예요.

# %% [markdown]
# **문제 3.** 주사위 굴림이 점을 줄 확률은 얼마일까요? ("첫째 주사위가 3이나 4"와
# "둘째 주사위가 3이나 4"를 더하면 어떤 주사위 굴림은 두 번 세요.)

# %% answer
### BEGIN SOLUTION
answer = "20/36"    # V자와 같아요: 36가지에서 3도 4도 없는 4 x 4가지를 빼요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_dig_chance("dot", answer)
### END HIDDEN TESTS
check_dig_chance("dot", answer)

# %% [markdown]
# **I를 점으로** 그리려면 주사위 하나는 1(I)이고, *다른* 주사위는 3이나 4(점)여야 해요:
# 1-3, 1-4, 3-1, 4-1, 그래서 4가지예요. 핵심 규칙은 "이 주사위 굴림으로 어떤 (모양,
# 굴착 유형) 짝을 고를 수 있나요?"라는 질문에 `game.choices(roll)`로 답해요.

# %% [markdown]
# **문제 4.** X(1의 눈)를 빗금(5–6의 눈)으로 그릴 수 있을 확률은 얼마일까요?

# %% answer
### BEGIN SOLUTION
answer = "4/36"    # 1-5, 1-6, 5-1, 6-1: 한 주사위로 X, 다른 주사위로 빗금
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_pair_chance("X", "hatch", answer)
### END HIDDEN TESTS
check_pair_chance("X", "hatch", answer)

# %% [markdown]
# 패키지가 모두 세어 줘요 (chevron은 V자, dot은 점, hatch는 빗금이에요):

# %%
def pair_allowed(shape, dig):
    return sum(1 for roll in ROLLS if (shape, dig) in game.choices(roll))


for dig in ("chevron", "dot", "hatch"):
    rolls_with_dig = sum(1 for roll in ROLLS if any(d == dig for _, d in game.choices(roll)))
    print(f"{dig:8} {rolls_with_dig}/36", end="   ")
print()
for shape, dig in [("I", "dot"), ("I", "chevron"), ("L", "hatch"), ("L", "dot")]:
    print(f"{shape}, {dig}: {pair_allowed(shape, dig)}/36")

# %% [markdown]
# *L을 빗금으로*는 왜 *L을 점으로*보다 드물까요? L은 5의 눈에 있는데, 5는 그 자체로
# 빗금의 눈이에요. 5-5, 5-6, 6-5가 되지만, 5-5는 두 주사위를 한꺼번에 써요. *L을
# 점으로*는 5-3, 5-4, 3-5, 4-5 네 가지가 모두 돼요.
#
# ## 시뮬레이션: 주사위를 3,600번 굴려요
# 컴퓨터는 우리보다 훨씬 빨리 굴릴 수 있어요. 주사위 굴림의 비율이 정확한 확률에
# 가까워질까요? 시드 `DODO-1234`로 3,600번 굴려요.

# %%
SEED = "DODO-1234"
many = roll_sequence(SEED, 3600)
print("처음 열 번의 주사위 굴림:", " ".join(f"{a}-{b}" for a, b in many[:10]))
simulated = [sum(1 for roll in many if shape in game.roll_shapes(roll)) / len(many)
             for shape in LETTERS]
exact = [shape_offered(shape) / 36 for shape in LETTERS]
print("시뮬레이션:", " ".join(f"{s}={p:.3f}" for s, p in zip(LETTERS, simulated)))
print(f"정확한 값: 모든 모양이 11/36 = {11 / 36:.3f}")

# %%
bar_chart(list(LETTERS), {"정확한 값": exact, "시뮬레이션 (3,600번)": simulated},
          title="P(주사위 굴림이 그 모양을 줌): 정확한 값과 시뮬레이션", xlabel="모양",
          ylabel="확률 (1 중에서)", width=640)

# %% [markdown]
# 시뮬레이션 막대는 정확한 높이 주위에서 흔들리지만, 멀리 벗어나지 않아요. 주사위를
# **더 많이** 굴리면 같은 눈의 비율이 1/6에 자리를 잡아요: *큰수의 법칙*이에요.

# %% [markdown]
# **문제 5.** 시드 `DODO-1234`의 처음 360번의 주사위 굴림(리스트 `many`)에는 같은 눈이
# 몇 번 있을까요? 60번쯤으로 예상되지만, 정하는 건 주사위예요. 위의 코드처럼 코드로
# 세어 보세요.

# %% answer
### BEGIN SOLUTION
answer = sum(1 for a, b in many[:360] if a == b)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_doubles_counted(SEED, 360, answer)
### END HIDDEN TESTS
check_doubles_counted(SEED, 360, answer)

# %% [markdown]
# 처음 *n*번의 주사위 굴림 중 같은 눈의 비율이에요. *n* = 100, 200, ... 3,600:

# %%
checkpoints = list(range(100, 3601, 100))
share = [sum(1 for a, b in many[:n] if a == b) / n for n in checkpoints]
line_chart(checkpoints, {"시뮬레이션의 같은 눈 비율": share,
                         "정확한 값: 1/6": [1 / 6] * len(checkpoints)},
           title="처음 n번의 주사위 굴림 중 같은 눈", xlabel="주사위 굴림 (n)",
           ylabel="같은 눈의 비율", y_min=0, y_max=0.3, width=640)

# %% [markdown]
# ## 로봇은 몇 점을 얻을까요? 히스토그램
# 20라운드 게임 하나는 점수 하나이고, 운이 큰 역할을 해요. 다른 시드로 게임을 **많이**
# 하고 점수마다 몇 번 나오는지 세요: 그것이 **히스토그램**이에요. 로봇 셋이 게임을 해요:
# - *random*(무작위): 놓을 수 있는 아무 모양을 아무 데나 놓아요.
# - *greedy*(탐욕): 라운드마다 지금 당장 가장 많이 얻는 수를 골라요.
# - *expectation*(기댓값): 탐욕 로봇이 고른 가장 좋은 몇 수를, **다음** 주사위 굴림이
#   아마 줄 것(36가지 주사위 굴림의 평균)으로도 따져 봐요.
#
# 명령줄로 훨씬 많은 게임도 할 수 있어요:
# `paleo simulate dig-site --bot expectation --games 200 -o hist.svg`.

# %%
from statistics import fmean, stdev

from paleowidgets.solver.bots import ExpectationBot, GreedyBot, RandomBot, simulate

GAMES = 30
results = {}
for bot in (RandomBot(), GreedyBot(), ExpectationBot()):
    finals = simulate(game, bot, GAMES, seed=0)
    results[bot.name] = [state.score().total for state in finals]
    scores = results[bot.name]
    print(f"{bot.name:12} 평균 {fmean(scores):5.1f}  표준편차 {stdev(scores):4.1f}  "
          f"최소 {min(scores):2}  최대 {max(scores):2}")

# %% [markdown]
# **평균**은 점수의 평균값이에요. **표준편차**(sd)는 게임 하나의 점수가 보통 평균에서
# 얼마나 떨어져 있는지 알려 줘요: 세 게임 중 두 게임쯤은 점수가 평균에서 표준편차 하나
# 안쪽에 있어요. 표준편차가 크면 점수가 넓게 퍼져 있어요(운이 큰 역할을 해요). 작으면
# 로봇이 게임마다 거의 같은 점수를 얻어요.
#
# 아래의 두 히스토그램은 **같은 축**(같은 점수 구간, 게임 하나에 같은 높이)을 써요.
# 그래서 눈으로 비교할 수 있어요: 각 더미가 어디에 있는지, 얼마나 넓은지 보세요.

# %%
axes = shared_axes(results["greedy"], results["expectation"], bin_width=2)
histogram(results["greedy"], title=f"탐욕 로봇, 굴착지에서 {GAMES}게임",
          xlabel="점수", ylabel="게임 수", mark=fmean(results["greedy"]),
          mark_label=f"평균 {fmean(results['greedy']):.1f}", **axes)

# %%
histogram(results["expectation"], title=f"기댓값 로봇, 굴착지에서 {GAMES}게임",
          xlabel="점수", ylabel="게임 수", mark=fmean(results["expectation"]),
          mark_label=f"평균 {fmean(results['expectation']):.1f}", **axes)

# %% [markdown]
# 두 로봇은 **같은** 주사위 굴림 30줄(시드 0부터 29까지)로 게임을 했어요. 그래서 게임
# 하나하나 비교할 수 있어요: 기댓값 로봇이 몇 게임에서 더 많이 얻었을까요?

# %%
pairs = list(zip(results["greedy"], results["expectation"]))
better = sum(1 for g, e in pairs if e > g)
worse = sum(1 for g, e in pairs if e < g)
print(f"기댓값 로봇이 {better}게임에서 더 높고, {worse}게임에서 더 낮고, "
      f"{GAMES - better - worse}게임에서 같아요")
print(f"평균 차이: 한 게임에 {fmean(e - g for g, e in pairs):+.2f}점")

# %% [markdown]
# ## 얼마나 확실할까요? 30게임 또는 200게임
# 30게임을 또 하면 다른 평균이 나와요: 30게임의 평균 자체도 흔들려요. 얼마나요? 대략
# **표준편차 ÷ √(게임 수)**만큼이고, 평균은 보통 로봇의 진짜 평균에서 그 두 배 안쪽에
# 있어요. 200게임이면 √30 ≈ 5.5 대신 √200 ≈ 14.1이에요: 흔들림이 2.6배 작아져요.

# %%
from math import sqrt

for name, scores in results.items():
    sd = stdev(scores)
    print(f"{name:12} 평균 {fmean(scores):5.1f}, 오차 범위 {GAMES}게임이면 "
          f"±{2 * sd / sqrt(GAMES):.1f}, 200게임이면 ±{2 * sd / sqrt(200):.1f}")

# %% [markdown]
# 두 로봇의 평균 차이를 "오차 범위"와 비교해 보세요. 무작위 로봇은 한참 뒤에 있어요:
# 30게임이면 충분히 보여요. 차이가 흔들림보다 많이 크지 않으면, 30게임으로는 어떤 로봇이
# 더 좋은지 정할 수 없어요: 더 많이 해 보세요. 명령줄은 원하는 만큼 게임을 해요(기댓값
# 로봇은 200게임에 몇 분 걸려요): `paleo simulate dig-site --bot expectation --games 200`.
# 벤치마크 `benchmarks/bench_bots.py`는 수백 게임을 하고 신뢰 구간과 함께 차이를 알려 줘요.
#
# 기댓값 로봇의 가장 좋은 게임의 시트예요:

# %%
best_seed = max(range(GAMES), key=lambda i: results["expectation"][i])
(best,) = simulate(game, ExpectationBot(), 1, seed=best_seed)
render_svg(best, rolls=roll_sequence(best_seed, game.rounds),
           player=f"로봇, 시드 {best_seed}")

# %% [markdown]
# ## 생각해 보기
# 기댓값 로봇은 주사위 굴림 하나를 앞서 봐요. 왜 I만 채울 수 있는 틈보다 **많은** 모양이
# 채울 수 있는 틈을 화석의 고리에 남기려고 할까요?

# %% [markdown]
# ## 마무리 문제
# 마지막으로 혼자 풀어 봐요: 이 수업에서 한 번도 보여 주지 않은 경우에 대한 질문이에요.
# 다음 코드를 실행해서 질문을 보고, 질문 순서대로 답을 리스트 하나에 쓰세요.
# `answer = [첫째, 둘째]`처럼요. 그리고 확인 코드를 실행하세요. 선생님이 결과를 모을 수도 있어요.

# %%
from paleowidgets.exercises.lesson06 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = ["11/36", "20/36", "3/36"]    # 모든 모양과 같아요; 모든 굴착 유형과 같아요; T(2의 눈)와 V자(1-2): 2-1, 1-2, 2-2
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
