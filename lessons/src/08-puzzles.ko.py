# %% [markdown]
# # 8강 — 퍼즐: 주사위가 정해진 도전의 사다리
#
# **학습 목표**
# - **주사위가 정해진 퍼즐**을 읽어요: 작은 굴착지, 미리 알려 준 모든 주사위 굴림,
#   그리고 질문 하나: *얻을 수 있는 가장 높은 점수는 얼마일까요?*
# - 모음집의 **사다리**를 올라가요: 초급, 중급, 고급, 전문가.
# - **힌트**(규칙에 맞는 차례, 그다음 화석에 다가가는 차례, 그다음 가장 좋은 차례)를
#   받으며 퍼즐을 풀고, 내 점수를 **증명된 최적값**과 비교하고, 가장 좋은 수순을 봐요.
# - 답을 파일 표기법의 **차례 목록**으로 쓰고 확인받아요: 맞았는지, 아니면 무엇이
#   틀렸는지(차례가 어떤 규칙을 어겼는지, 점수가 몇 점 모자란지) 알려 줘요.

# %% [markdown] teacher
# ## 선생님을 위한 안내 (교사용에만 있어요)
# **교육과정.** 문제 해결과 추론: 모든 정보를 알 때 여러 단계를 앞서 계획하기; 해답이
# 규칙에 맞는지 확인하기; "좋은 답"과 "가장 좋다고 증명된 답"의 차이; 표기법(차례 목록)
# 읽기. 1강을 먼저 해요. 10세 이상, 30분에서 60분: 사다리로 길이를 맞춰요.
#
# | 부분 | 분 |
# |---|---|
# | 사다리, 첫 칸 (퍼즐 읽기) | 5 |
# | 위젯으로 풀기 (힌트, 확인, 정답 보기) | 10 |
# | 수순 쓰기: 틀린 시도 세 개, 문제 1 | 10 |
# | 문제 2: 탐욕 로봇 이기기 | 10 |
# | 문제 3 (새 퍼즐), 마무리 문제; 빠른 짝은 사다리를 더 올라가요 | 5–25 |
#
# **자주 하는 오해.**
# - 모양과 굴착 유형을 같은 주사위에서 가져오기 (시도 1): 주사위 하나가 모양을, *다른*
#   주사위가 굴착 유형을 정해요 (같은 눈이면 둘 다 같은 눈이에요).
# - "패스는 언제나 된다": 주사위 굴림의 모양이 하나도 들어가지 않을 때만 돼요.
# - "위젯의 힌트가 답이다": 셋째 힌트는 가장 좋은 차례 *하나*예요. 다른 가장 좋은 수순도
#   있어요 (*여러분 차례* 2).
# - 칸 이름: 열의 알파벳 다음에 행의 번호, 행 번호는 맨 위 왼쪽의 A1부터 아래로 커져요.
#
# **쉬운 길.** 처음 두 칸은 위젯과 힌트로만 풀어요. 문제 1의 수순은 칠판에서 함께
# 써요. **어려운 길.** 중급, 그다음 고급; 서로 다른 가장 좋은 수순 두 개 찾기 (*여러분
# 차례* 2); *Lucky doubles*에서 탐욕 로봇이 왜 실패하는지 설명하기.
#
# 풀이는 답 코드에 있어요.

# %%
from paleowidgets import render_svg
from paleowidgets.exercises.helpers import greedy_turns
from paleowidgets.exercises.lesson08 import (TIERS, check_line, line_text, load_tier,
                                             tier_name)
from paleowidgets.i18n import set_language
from paleowidgets.render.chart import bar_chart
from paleowidgets.widgets.puzzle import PuzzleWidget

# 아래의 모든 글(시트, 위젯, 확인)의 언어를 한 번에 정해요.
LANG = "ko"
set_language(LANG)

ladder = {tier: load_tier(tier) for tier in TIERS}      # 키트의 puzzles/ 폴더
for tier, puzzles in ladder.items():
    print(f"{tier_name(tier):13} 퍼즐 {len(puzzles):2}개, {', '.join(str(len(p.rolls)) for p in puzzles)}"
          " 라운드")

# %% [markdown]
# 모음집의 퍼즐마다 솔버(7강)가 증명한 **최적값**과, 그 점수에 닿는 수순 하나가 함께
# 있어요. 높은 단계일수록 라운드가 많고, 굴착지가 크고, 뻔한 수가 가장 좋은 수가 아닌
# 함정이 있어요 (beginner는 초급, intermediate는 중급, advanced는 고급, expert는
# 전문가예요).

# %%
bar_chart([tier_name(tier) for tier in TIERS if ladder[tier]],
          [sum(p.optimum or 0 for p in ladder[tier]) / len(ladder[tier])
           for tier in TIERS if ladder[tier]],
          title="사다리: 단계마다 최적값의 평균", xlabel="단계",
          ylabel="최적값의 평균 (점)")

# %% [markdown]
# ## 첫 칸
# 퍼즐을 읽어 보세요: 점수와 `+n` 같은 굴착 유형 보너스가 있는 화석들, 별, 그리고 라운드
# 줄의 주사위 굴림이 있어요. 모양 두 개로 파낼 수 있는 화석은 어느 것일까요?

# %%
first = ladder["beginner"][0]
print(first.title_in(LANG), "-", first.story_in(LANG))
print("주사위 굴림:", "  ".join(f"{a}-{b}" for a, b in first.rolls))
first

# %% [markdown]
# ## 풀어 보기
# 퍼즐 위젯은 퍼즐의 정해진 주사위 굴림으로 하는 게임이에요. 버튼이 네 개 있어요.
# **힌트**(또는 판에서 **H** 키)는 누를 때마다 힌트를 하나 더 줘요: 규칙에 맞는 차례,
# 그다음 화석에 다가가는 차례, 그다음 가장 좋은 차례를 판에 윤곽선으로 보여 줘요.
# **확인**은 모든 라운드를 마치면 내 점수를 증명된 최적값과 비교해요. **정답 보기**는 가장
# 좋은 수순을 라운드마다 다시 보여 줘요. **다시 시작**은 새 시트를 줘요.

# %%
PuzzleWidget(first)

# %% [markdown]
# ## 수순을 쓰고 확인하기
# 답은 **수순**이에요: 라운드마다 차례 하나를, 퍼즐 파일처럼 써요. 모양을 그리는 차례는
# `{ shape = "Y", dig = "dot", cells = ["C2", "B3", "C3", "D3", "E3"] }`이에요. 모양이
# 덮은 별 하나마다 보너스 하나를 `stars = ["plus-one"]`처럼 더해요(`one-square`,
# `switch-shape`, `switch-dig`, `plus-one`). 전환 보너스를 쓰면 `switch = ["shape"]`,
# 원스퀘어 애니웨어는 `squares = ["A1"]`이에요. 그리지 않는 라운드는 `{ pass = true }`이고,
# 주사위 굴림의 모양이 하나도 들어가지 않을 때만 돼요.
#
# `check_line`은 수순을 규칙에 따라 차례마다 다시 해 봐요. *First ring*(첫 고리)에서
# 틀린 시도 세 개와, 확인이 뭐라고 하는지 봐요.
#
# **시도 1:** Y는 5에서 나와요. 그러니 굴착 유형은 다른 주사위, 4에서 나와야 해요.

# %%
check_line(first, """[
  { shape = "Y", dig = "hatch", cells = ["C2", "B3", "C3", "D3", "E3"] },
  { shape = "U", dig = "dot", cells = ["D4", "F4", "D5", "E5", "F5"], stars = ["plus-one"] },
]""")

# %% [markdown]
# **시도 2:** 패스하면 안전하겠죠?

# %%
check_line(first, "[ { pass = true }, { pass = true } ]")

# %% [markdown]
# **시도 3:** 규칙에는 맞지만, 화석에서 멀어요.

# %%
check_line(first, """[
  { shape = "Y", dig = "dot", cells = ["C2", "B3", "C3", "D3", "E3"] },
  { shape = "U", dig = "dot", cells = ["A5", "C5", "A6", "B6", "C6"] },
]""")

# %% [markdown]
# **문제 1.** 여러분의 시도예요: *First ring*에서 최적값을 얻는 수순을 써 보세요. 시도
# 1에서 시작해서 고쳐 보세요. 위의 위젯(과 힌트)이 차례를 찾는 데 도움이 돼요. 시도들처럼
# 따옴표 세 개 사이에 수순을 쓰세요.

# %% answer
### BEGIN SOLUTION
answer = """[
  { shape = "Y", dig = "dot", cells = ["C2", "B3", "C3", "D3", "E3"] },
  { shape = "U", dig = "dot", cells = ["D4", "F4", "D5", "E5", "F5"], stars = ["plus-one"] },
]"""    # Y는 굴착 유형을 4(점)에서 가져와요. U는 고리를 닫고 별을 가져가요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_line(first, answer)
### END HIDDEN TESTS
check_line(first, answer)


# %% [markdown]
# ## 탐욕 로봇 이기기
# 사다리의 다음 퍼즐에서 탐욕 로봇은 아래 수순으로 해요. 규칙에는 맞지만, 가장 좋을까요?
# 확인해 보고, 그 아래에 여러분의 수순을 쓰세요. 위젯(과 힌트)으로 차례를 찾아서 여기에
# 옮겨 쓰세요.

# %%
second = ladder["beginner"][1]
robot_turns = greedy_turns(second)
greedy_line = line_text(robot_turns)
print(second.title_in(LANG), "- 주사위 굴림:", "  ".join(f"{a}-{b}" for a, b in second.rolls))
print(greedy_line)
check_line(second, greedy_line)

# %%
render_svg(second, turns=robot_turns, title=f"{second.title_in(LANG)}: 탐욕 로봇의 수순")

# %%
PuzzleWidget(second)

# %% [markdown]
# **문제 2.** *Lucky doubles*(운 좋은 같은 눈)의 수순이에요: 탐욕 로봇을 이기고,
# 최적값에 닿아 보세요.

# %% answer
### BEGIN SOLUTION
answer = """[
  { shape = "X", dig = "chevron", cells = ["C4", "B5", "C5", "D5", "C6"], stars = ["plus-one"] },
  { shape = "U", dig = "chevron", cells = ["B2", "C2", "D2", "B3", "D3"] },
]"""    # X가 먼저 별을 가져가요. 둘 다 V자예요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_line(second, answer)
### END HIDDEN TESTS
check_line(second, answer)

# %% [markdown]
# ## 새 퍼즐
# 셋째 칸, *Carrot or hat?*(당근일까 모자일까?)이에요. 이번에는 로봇의 수순도 없고, 어디에도
# 답이 출력되지 않아요. 읽어 보고, 원하면 위젯으로 풀어 본 다음, 수순을 쓰세요.

# %%
third = ladder["beginner"][2]
print(third.title_in(LANG), "-", third.story_in(LANG))
print("주사위 굴림:", "  ".join(f"{a}-{b}" for a, b in third.rolls))
third

# %%
PuzzleWidget(third)

# %% [markdown]
# **문제 3.** *Carrot or hat?*에서 최적값을 얻는 여러분의 수순이에요.

# %% answer
### BEGIN SOLUTION
answer = """[
  { shape = "F", dig = "chevron", cells = ["A3", "A4", "B4", "C4", "B5"] },
  { shape = "Y", dig = "hatch", cells = ["B2", "C2", "D2", "E2", "D3"], stars = ["plus-one"] },
]"""
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_line(third, answer)
### END HIDDEN TESTS
check_line(third, answer)


# %% [markdown]
# ## 여러분 차례예요
# 1. 사다리를 올라가 보세요: `PuzzleWidget(ladder["intermediate"][0])`. 힌트가 몇 개
#    필요했나요? **확인**을 눌러 보세요.
# 2. 퍼즐은 *가장 높은* 점수를 물어요. 최적값을 얻는 수순이 왜 늘 유일한 정답은
#    아닐까요? *First ring*에서 서로 다른 가장 좋은 수순 두 개를 찾아보세요.

# %% [markdown]
# ## 마무리 문제
# 마지막으로 혼자 풀어 봐요: 이 수업에서 한 번도 보여 주지 않은 경우에 대한 질문이에요.
# 이번에는 질문이 하나예요: `None` 자리에 답(수순 하나)을 쓰고 확인 코드를 실행하세요.
# 선생님이 결과를 모을 수도 있어요.

# %%
from paleowidgets.exercises.lesson08 import exit_ticket, tiny_puzzle

ticket = exit_ticket()
print(ticket)
render_svg(tiny_puzzle())

# %% answer
### BEGIN SOLUTION
answer = """[
  { shape = "Y", dig = "dot", cells = ["C2", "D2", "E2", "F2", "E3"], stars = ["plus-one"] },
  { shape = "X", dig = "dot", cells = ["D4", "C5", "D5", "E5", "D6"] },
  { shape = "I", dig = "dot", cells = ["B1", "B2", "B3", "B4", "B5"] },
]"""    # 모든 칸이 점이에요. Y가 별을 가져가요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
