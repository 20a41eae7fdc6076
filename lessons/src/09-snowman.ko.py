# %% [markdown]
# # 9강 — 눈사람 에디션: 반 전체 게임과 눈사람 만들기
#
# **학습 목표**
# - **반 전체 게임**을 해요: 칠판에 **시드 코드** 하나, 모든 노트북에 같은 주사위,
#   플레이어마다 자기 시트, 그리고 점수판 하나예요.
# - 점수판을 읽어요: 누가 앞서는지, 누가 이겼는지, 점수가 같으면 왜 함께 이기는지 알아봐요.
# - 게임이 끝나면 파낸 아이템으로 **눈사람을 만들고**, 이름을 지어 주고, 그림을 저장해요.
#
# 눈사람 에디션은 고생물학자들과 규칙이 같아요: 화석 대신 *아이템*, 별 대신 *눈송이*,
# 굴착지 대신 *눈 지도*예요.

# %% [markdown] teacher
# ## 선생님을 위한 안내 (교사용에만 있어요)
# **교육과정.** 표의 자료 읽고 비교하기(점수판: 순서, 동점); 1부터 세기와 0부터
# 세기(리스트의 주사위 굴림); 안내를 따라 하기; 함께 쓰는 무작위 수열(코드 하나로 모든
# 노트북이 같은 주사위 굴림을 얻어요). 1강을 먼저 해요. 9세 이상, 45분.
#
# | 부분 | 분 |
# |---|---|
# | 시드 코드 하나, 어디서나 같은 주사위; 문제 1 | 7 |
# | 로봇 셋의 반 전체 게임; 문제 2 | 8 |
# | 선생님이 저장된 게임을 모아요 | 3 |
# | 반 전체 게임을 직접 해요 (칠판에 시드 코드 하나) | 17 |
# | 눈사람 만들기; 문제 3 | 10 |
#
# **자주 하는 오해.**
# - 문제 1: 3라운드에 `rolls[3]`: 리스트는 0부터, 라운드는 1부터 세요.
# - 문제 2: 점수판의 맨 윗줄만 이긴 사람이라고 생각하기: 점수가 같으면 함께 이겨요(탐욕
#   로봇 둘은 같은 주사위에서 똑같이 골라요).
# - "노트북이 다르면 주사위도 다르다": 시드 코드가 같으면 아니에요. 코드를 잘못 치면
#   다른 주사위가 나오고, 선생님 폴더는 그 게임을 까닭과 함께 빼요.
# - 칸 이름의 행 번호는 맨 위 왼쪽의 A1부터 아래로 커져요.
#
# **쉬운 길.** 반 전체가 칠판에서 함께 게임을 해요(한 화면에 여러 플레이어:
# `player=["지우", "보라"]`). 그다음 눈사람을 만들어요. 문제 1과 2는 반 전체 토론으로 해요.
# **어려운 길.** 실행하기 전에 로봇들의 점수판을 예상해 봐요. 여러 시드 코드에서 탐욕
# 로봇과 무작위 로봇을 비교해 봐요.
#
# 풀이는 답 코드에 있어요.

# %%
from paleowidgets import load_map, render_svg, roll_sequence
from paleowidgets.exercises.lesson09 import (check_roll, check_snowman, check_winners,
                                             robot_game, show_scoreboard)
from paleowidgets.i18n import set_language
from paleowidgets.render.snowman import SPOTS, Snowman, dug_items, render_snowman

# 아래의 모든 글(시트, 위젯, 확인)의 언어를 한 번에 정해요.
LANG = "ko"
set_language(LANG)

snow_map = load_map("snow-map")
for item in snow_map.fossils:
    print(f"{item.id}  {item.name_in(LANG):13} {item.points}점, 같은 굴착 유형 +{item.bonus}")

# %% [markdown]
# ## 시드 코드 하나, 어디서나 같은 주사위
# 선생님이 칠판에 시드 코드를 써요. 예를 들어 `SNOWY-2024`예요. 이 코드를 쓰는 모든
# 노트북이 똑같은 스무 번의 주사위 굴림을 계산해요. 그래서 모두가 같은 주사위로, 저마다
# 자기 시트에 게임을 해요. 대문자와 띄어쓰기는 상관없어요.

# %%
SEED = "SNOWY-2024"
rolls = roll_sequence(SEED, snow_map.rounds)
print(rolls)
print(roll_sequence(" snowy-2024 ", 3) == rolls[:3])

# %% [markdown]
# **문제 1.** 시드 코드가 `SNOWY-2024`인 반에서 3라운드의 주사위 굴림은 무엇일까요?
# `(1, 6)`처럼 주사위 두 개를 쓰세요.

# %% answer
### BEGIN SOLUTION
answer = rolls[2]    # 3라운드는 셋째 주사위 굴림이에요: 리스트는 rolls[0]부터 시작해요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_roll(SEED, 3, answer)
### END HIDDEN TESTS
check_roll(SEED, 3, answer)

# %% [markdown]
# ## 로봇 셋의 반 전체 게임
# `ClassGame`은 시드의 주사위 굴림으로 플레이어마다 시트를 하나씩 가져요. *탐욕* 로봇
# 둘(그 순간 가장 좋은 자리를 골라요)과 *무작위* 로봇 하나(규칙에 맞는 아무 자리)가
# 저마다 자기 속도로 스무 라운드를 해요.

# %%
game = robot_game(SEED)      # Greedy Gus, Greedy Gina, Random Rita가 모든 라운드를 해요
show_scoreboard(game)

# %% [markdown]
# **문제 2.** 로봇들의 반 전체 게임에서 누가 이겼을까요? `"Random Rita"`처럼 이름으로
# 답하세요. 가장 높은 점수가 여럿이면 이름의 리스트로 답하세요.

# %% answer
### BEGIN SOLUTION
answer = ["Greedy Gus", "Greedy Gina"]    # 같은 주사위, 같은 고르는 방법: 함께 이겨요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_winners(game, answer)
### END HIDDEN TESTS
check_winners(game, answer)

# %%
game.outcome().winners

# %% [markdown]
# 게임이 끝났을 때 Greedy Gus의 시트예요:

# %%
log = game.log()
render_svg(log, player="Greedy Gus")

# %% [markdown]
# ## 선생님이 저장된 게임을 모아요
# 학생마다 자기 게임을 *게임 기록*(JSON 파일이에요. `paleo score`도 읽어요)으로 저장해요.
# 선생님은 파일들을 폴더 하나에 넣고 한꺼번에 불러와요: 점수판과 모든 판이 보여요. 다른
# 주사위(잘못 친 시드 코드)나 다른 지도로 한 파일은 까닭과 함께 빠져요.

# %%
from paleowidgets.exercises.helpers import favourite_snowman
from paleowidgets.exercises.lesson09 import gathered
from paleowidgets.widgets.classgame import ClassGameWidget

gathered(game)      # 로봇마다 저장한 게임을 폴더 하나에 모았어요

# %% [markdown]
# ## 반 전체 게임을 직접 해 보기
# 자기 이름과 칠판의 시드 코드를 쳐요:
# `ClassGameWidget(snow_map, seed="SNOWY-2024", player="지우", save_to="my-class")`.
# 그러면 차례마다 곧바로 `my-class/` 폴더에 저장되고, 위젯을 다시 열면 내 파일에서 이어서
# 해요. 노트북이 다시 시작돼도 잃어버리는 게 없어요.
#
# 선생님은 한 화면에 여러 플레이어를 앉힐 수 있어요: `player=["지우", "보라"]`. 그러면
# 버튼(또는 판에서 `[`와 `]`)으로 시트를 바꾸고, 작은 판들과 점수판이 차례마다 따라와요.

# %%
ClassGameWidget(snow_map, seed=SEED, player=["지우", "보라"])

# %% [markdown]
# ## 눈사람 만들기
# 게임이 끝나면 파낸 아이템을 빈 눈사람 위에 마음대로 올려놓아요. 위젯에서는: 아이템을
# 고르고(또는 눈사람 위에서 1, 2, 3 ... 키), 자리를 클릭하거나, 화살표 키로 네모를 옮기고
# **Enter**를 눌러요. **Delete**는 아이템을 내려놓아요. 눈사람에게 이름을 지어 주고 그림을
# 저장해요(SVG, PNG, PDF).
#
# 코드로 만든 Greedy Gus의 눈사람이에요:

# %%
gus = game.state("Greedy Gus")
items = dug_items(gus)
snowman = favourite_snowman(gus, "눈사람 거스")     # 아이템마다 가장 좋아하는 자리에
print(", ".join(f"{item.label(LANG)} ({item.id})" for item in items))
render_snowman(items, snowman)

# %% [markdown]
# 그리고 위젯이에요. Greedy Gina의 아이템으로 여러분의 눈사람을 만들어 보세요:

# %%
from paleowidgets.widgets.snowman import SnowmanWidget

gina = game.state("Greedy Gina")
builder = SnowmanWidget(gina, name="")
builder

# %% [markdown]
# **문제 3.** 위의 위젯에서 Gina가 파낸 *모든* 아이템으로 눈사람을 꾸미고 이름을 지어
# 주세요. 그다음 아래에 `answer = builder.design`을 쓰고 확인 코드를 실행하세요.

# %% answer
### BEGIN SOLUTION
answer = Snowman("지나의 눈사람")    # 또는 위젯에서 꾸민 다음 builder.design
for item, spot in zip(dug_items(gina), SPOTS, strict=False):
    answer = answer.place(item.id, spot)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_snowman(gina, answer)
### END HIDDEN TESTS
check_snowman(gina, answer)

# %% [markdown]
# ## 마무리 문제
# 마지막으로 혼자 풀어 봐요: 이 수업에서 한 번도 보여 주지 않은 경우에 대한 질문이에요.
# 다음 코드를 실행해서 질문을 보고, 질문 순서대로 답을 리스트 하나에 쓰세요.
# `answer = [첫째, 둘째]`처럼요. 그리고 확인 코드를 실행하세요. 선생님이 결과를 모을 수도 있어요.

# %%
from paleowidgets.exercises.lesson09 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = [(4, 6), ["Greedy Gus", "Greedy Gina"]]
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
