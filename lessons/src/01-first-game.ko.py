# %% [markdown]
# # 1강 — 첫 게임 해 보기
#
# **학습 목표**
# - 굴착지 읽기: 칸 이름은 열의 알파벳과 행의 번호로 붙여요. `A1`은 맨 위 왼쪽 칸이에요
#   (체스판에서는 a1이 아래쪽에 있지만, 여기서는 행 번호가 아래로 갈수록 커져요).
#   화석과 보너스 별도 찾아봐요.
# - 한 라운드 알기: 주사위 두 개 중 하나는 **모양**을, 다른 하나는 **굴착 유형**을 정해요.
# - 화석을 *파내는* 방법 알기: 화석의 위, 아래, 왼쪽, 오른쪽에 붙은 칸이 모두 그려져야 해요.
#
# 반 전체가 같은 주사위를 써요. 선생님이 **시드 코드**를 알려 주면, 모든
# 노트북이 그 코드로 똑같은 주사위 결과를 계산해요.
#
# *이 수업은 영어(`01-first-game.ipynb`)와 프랑스어(`01-first-game.fr.ipynb`)로도 있어요.*

# %% [markdown] teacher
# ## 선생님을 위한 안내 (교사용에만 있어요)
# **교육과정.** 격자 위의 좌표(지도에서처럼 열의 알파벳과 행의 번호); 자료의 표 읽기
# (게임 기록); 정사각형의 변과 꼭짓점(직교 이웃과 대각선 이웃). 9세 이상, 45분, 두 명씩 짝.
#
# | 부분 | 분 |
# |---|---|
# | 학습 목표, 굴착지, 규칙 요약 | 10 |
# | 우리 반 게임의 주사위, 로봇의 처음 다섯 라운드 | 8 |
# | 5라운드 뒤와 마지막 게임 시트, 점수 | 7 |
# | 로봇의 게임 다시 보기 | 5 |
# | 직접 해 보기, *생각해 보기* (마무리 질문) | 15 |
#
# **좌표를 조심하세요.** 행 번호는 *아래로* 커져요: `A1`이 맨 위 왼쪽 칸이고 `A2`는 그
# 아래예요. 책을 읽는 방향과 같고, 체스판(a1이 아래 왼쪽)이나 y가 위로 커지는 수학 시간의
# 그래프와는 달라요. 칠판을 손가락으로 짚으며 한 번 말해 주세요.
#
# **자주 하는 오해.**
# - "주사위 하나가 모양과 굴착 유형을 모두 정한다": 아니에요. 주사위 하나는 모양을, *다른*
#   주사위는 굴착 유형을 정해요. 같은 눈이 나오면 둘 다 같은 눈에서 나와요.
# - "모서리로 닿아도 된다": 화석과 *변*을 함께 쓰는 칸이 모두 그려져야 파내요. 대각선
#   칸은 절대 세지 않아요.
# - "로봇이 잘했으니 그게 가장 좋은 점수다": 7강에서 증명된 가장 좋은 점수를 보여 줘요.
#
# **쉬운 길.** 게임 기록의 표기법은 건너뛰어요. 버튼으로 로봇의 게임을 다시 보고, 짝과
# 함께 같은 주사위로 게임을 해요. 한 명은 주사위 굴림을 읽고, 한 명은 그려요.
# **어려운 길.** *생각해 보기*의 2번을 하고, 판이 보여 주기 전에 자기 게임의 점수
# 내역을 예상해 봐요.
#
# **답.** 생각해 보기 1: 위의 로봇의 마지막 게임 시트에 로봇이 파낸 화석이 표시돼
# 있어요. 다시 보기에서 빠진 고리 칸이 보여요. 2와 3은 열린 질문이에요.

# %%
from IPython.display import Markdown

from paleowidgets import load_map, render_svg, roll_sequence
from paleowidgets.exercises.lesson01 import in_words, robot_game
from paleowidgets.i18n import rules_summary, set_language

# 아래의 모든 글(위젯, 게임 시트, 규칙)의 언어를 한 번에 정해요.
set_language("ko")

dig_site = load_map("dig-site")
dig_site

# %% [markdown]
# ## 규칙 요약
# 지금 한 번 읽어 보고, 판에서 그 자리에 놓을 수 없다고 알려 줄 때마다 다시 확인해요.

# %%
Markdown(rules_summary())

# %% [markdown]
# ## 우리 반 게임의 주사위
# 시드 코드 `TREX-4821`로 주사위 결과 스무 개가 나와요. 주사위 눈 1–2는 V자, 3–4는 점,
# 5–6은 빗금 굴착 유형이에요. 눈마다 모양도 두 개씩 있어요(게임 시트를 보세요).

# %%
SEED = "TREX-4821"
rolls = roll_sequence(SEED, dig_site.rounds)
print(" ".join(f"{a}-{b}" for a, b in rolls))

# %% [markdown]
# ## 로봇이 20라운드를 해요
# *탐욕* 로봇은 라운드마다 지금 당장 가장 많이 얻는 자리를 골라요. 로봇의 게임은
# **게임 기록**으로 남아요: 지도, 주사위 결과, 그리고 모든 차례.
#
# 차례는 게임 파일처럼 영어 낱말로 적어요. `L hatch F3 C4 D4 E4 F4`는 L 모양을 빗금
# (*hatch*) 굴착 유형으로 F3, C4, D4, E4, F4 칸에 그렸다는 뜻이에요. `chevron`은 V자,
# `dot`은 점이에요. `stars one-square`는 로봇이 덮은 별에서 어떤 보너스를 골랐는지
# 알려 줘요(*one-square*: 원스퀘어 애니웨어).

# %%
log = robot_game(dig_site, SEED, "탐욕 로봇")
turns = log.players[0].turns
for number in range(1, 6):
    roll, turn = rolls[number - 1], turns[number - 1]
    print(f"{number}라운드: 주사위 {roll[0]}-{roll[1]} -> {turn}  ({in_words(turn)})")

# %% [markdown]
# ## 5라운드 뒤의 게임 시트와 마지막 게임 시트

# %%
render_svg(log.state_at(0, 5), rolls=rolls, turns=turns[:5], player="탐욕 로봇")

# %%
render_svg(log, player=0)

# %%
score = log.state_at(0, dig_site.rounds).score()
for fossil in score.fossils:
    bonus = f" + 같은 굴착 유형 보너스 {fossil.bonus}점" if fossil.bonus else ""
    print(f"화석 {fossil.id}: {fossil.points}점{bonus}")
print(f"+1점 보너스: {score.plus_one}")
print(f"합계: {score.total}점")

# %% [markdown]
# ## 로봇의 게임 다시 보기
# 기록된 게임을 한 라운드씩 넘겨 봐요(버튼, 슬라이더, 또는 판을 클릭한 뒤 ← → 키).
# "여기서부터 이어 하기"를 누르면 아무 라운드에서나 직접 이어서 할 수 있어요.

# %%
from paleowidgets.widgets import PlayWidget, ReplayWidget

ReplayWidget(log, round=5)

# %% [markdown]
# ## 같은 주사위로 직접 해 보기
# 모양과 굴착 유형을 고르고, 판 위를 가리킨 다음 클릭해요. **R**은 돌리기, **F**는
# 뒤집기, 화살표는 모양 옮기기, **Enter**는 그리기, **U**는 되돌리기예요. 놓을 수 없는
# 자리면 판이 그 까닭을 알려 줘요.

# %%
PlayWidget(dig_site, seed=SEED, player="나")

# %% [markdown]
# ## 생각해 보기
# 1. 로봇은 어떤 화석을 파냈나요? 나머지 화석 둘레에는 아직 어떤 칸이 비어 있나요?
# 2. 로봇이 모양에 *다른* 주사위를 쓸 수 있었던 라운드를 찾아보세요. 그랬다면 무엇이
#    달라졌을까요?
# 3. 위에서 직접 게임을 해 보세요. 로봇의 점수를 이겼나요? 어떤 선택이 차이를 만들었나요?
