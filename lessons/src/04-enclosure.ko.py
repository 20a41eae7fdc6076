# %% [markdown]
# # 4강 — 이웃 칸과 둘러싸기
#
# **학습 목표**
# - 칸의 *직교* 이웃 네 칸(변을 함께 쓰는 칸)과 *대각선* 이웃 네 칸(모서리만 닿는 칸)을
#   구별해요.
# - 화석의 **고리**를 찾아요: 화석과 변을 함께 쓰는 모든 칸이에요.
# - 고리가 닫힐 때 딱 화석을 파낸다는 걸 알아봐요. 틈이 있으면 새어 나가는
#   **채우기**(flood fill)로 확인해요.
# - 같은 굴착 유형 보너스를 얻는지, 못 얻는다면 왜 그런지 말해요.
#
# 작은 연습용 지도 *고리 학교*를 써요. 주머니가 있는 삼엽충(A), 긴 엄니(B), 한 칸짜리
# 이빨(C)이 있어요.
#
# 문제는 언제나 그 답을 알려 주는 코드보다 *먼저* 나와요. `None` 자리에 답을 쓰고
# 실행한 다음, 그 아래의 확인 코드를 실행하세요.

# %% [markdown] teacher
# ## 선생님을 위한 안내 (교사용에만 있어요)
# **교육과정.** 격자 위의 위치(칸 이름); 변을 함께 쓰는 정사각형과 꼭짓점만 닿는
# 정사각형; 영역의 경계; 손으로 따라 하는 단계별 절차(알고리즘): 채우기, 곧 너비 우선
# 탐색. 상급 학생에게는 4-연결과 8-연결, 디지털 조르당 곡선 정리. 11세 이상, 45분.
#
# | 부분 | 분 |
# |---|---|
# | 이웃 칸, 화석의 고리 (문제 1) | 10 |
# | 새어 나가는 채우기 (문제 2), 대각선이 세지 않는 까닭 | 12 |
# | 틈 막기, 보너스 (문제 3) | 8 |
# | 둘러싸기 탐색기, 문제 4 (새 화석) | 10 |
# | 마무리 문제 | 5 |
#
# **행 번호는 아래로 커져요:** A1이 맨 위 왼쪽 칸이고, 그 아래가 A2예요. 이름은 열의
# 알파벳 다음에 행의 번호예요.
#
# **자주 하는 오해.**
# - 대각선 칸을 고리에 넣어 세기 (문제 1의 고리는 10칸이고, 모서리만 닿는 칸은 하나도
#   없어요). 채우기를 보면 모서리로는 새어 나갈 수 없다는 걸 알 수 있어요.
# - 주머니 칸 C2가 삼엽충과 세 변이 닿아서 두세 번 세기: C2는 고리의 한 칸이에요.
# - 문제 2: 고리의 칸이 아니라 시트에서 비어 있는 칸을 모두 말하기.
# - 문제 3: "파냈다"를 "보너스"로 생각하기: +1을 얻으려면 고리 전체가 한 가지 굴착
#   유형이어야 해요.
#
# **쉬운 길.** 지도를 인쇄해서 고리 칸을 손으로 색칠해요. 탐색기와 함께 문제 1과 3만
# 해요. **어려운 길.** *상급 학생을 위해*: 채우기를 큐(너비 우선 탐색)로 손으로 해
# 보고, 8-연결 벽과 4-연결 물이 왜 짝이 되는지 설명해요.
#
# 풀이는 답 코드에 있고, 그 까닭도 함께 적혀 있어요.

# %%
from paleowidgets import Game, GameLog, PlayerLog, load_map, render_svg
from paleowidgets.core.enclosure import enclosure, enclosures, names
from paleowidgets.core.geometry import diagonal_neighbours, orthogonal_neighbours, parse_cell
from paleowidgets.exercises.lesson04 import check_bonus, check_gaps, check_ring, turn
from paleowidgets.i18n import set_language
from paleowidgets.render.enclosure import describe, render_enclosure

# 아래의 모든 글(지도, 위젯, 확인)의 언어를 한 번에 정해요.
LANG = "ko"
set_language(LANG)

school = load_map("ring-school")
blank = Game(school).initial_state()
school

# %% [markdown]
# ## 이웃 칸: 직교와 대각선
# 칸 D4 주위에는 칸이 여덟 개 있어요. 네 칸은 D4와 변 하나를 통째로 함께 써요(위,
# 오른쪽, 아래, 왼쪽): **직교** 이웃이에요. 네 칸은 모서리만 닿아요: **대각선** 이웃이에요.

# %%
d4 = parse_cell("D4")
print("직교:  ", names(orthogonal_neighbours(d4)))
print("대각선:", names(diagonal_neighbours(d4)))

# %% [markdown]
# ## 화석의 고리
# 화석의 **고리**는 화석과 직교로 붙어 있지만 화석의 칸은 아닌 모든 칸이에요. 고리의
# 모든 칸이 그려지면 화석을 파내요. 대각선 칸은 세지 않아요.

# %% [markdown]
# **문제 1.** 위의 빈 지도에서 삼엽충(A)의 고리 칸을 모두 말해 보세요. `"B1 C1"`처럼
# 칸 이름을 글 하나로 쓰세요(이름의 리스트도 돼요).

# %% answer
### BEGIN SOLUTION
answer = "B1 D1 A2 C2 E2 A3 E3 B4 C4 D4"    # 10칸이에요. 주머니 안의 C2는 한 번만 세요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_ring(blank, "A", answer)
### END HIDDEN TESTS
check_ring(blank, "A", answer)

# %% [markdown]
# 패키지가 센 모든 화석의 고리예요:

# %%
for e in enclosures(blank):
    size = len(e.fossil.cells)
    print(f"{e.fossil.id} {e.fossil.name_in(LANG)} ({size}칸): "
          f"고리 {len(e.ring)}칸: {' '.join(names(e.ring))}")

# %% [markdown]
# 삼엽충의 고리를 그림으로 봐요. 동그라미가 있는 점선 네모는 아직 빠진 고리 칸이고,
# 작은 마름모가 있는 점 네모는 대각선 칸이에요(필요 없어요). **C2**를 보세요: 삼엽충의
# 주머니 안에 있어서 세 변이 닿지만, 고리의 칸 *하나*예요.

# %%
render_enclosure(blank, "A", step=0, lang=LANG)

# %% [markdown]
# ## 새어 나가는 채우기
# 지우가 두 라운드를 했어요. 두 번 모두 빗금 굴착 유형으로 엄니(B)의 양쪽에 그렸어요.

# 차례는 모양, 굴착 유형, 칸으로 적어요: `turn("I hatch H1 H2 H3 H4 H5")`.

# %%
rolls = [(1, 5), (1, 6), (5, 5), (2, 6), (1, 1), (6, 5)]
turns = [turn("I hatch H1 H2 H3 H4 H5"), turn("I hatch F2 F3 F4 F5 F6", stars=["plus-one"]),
         turn("L hatch D1 E1 F1 G1 G2"), turn("T hatch G6 G7 F8 G8 H8"),
         turn("X chevron B6 A7 B7 C7 B8"), turn("Z hatch C5 D5 D6 D7 E7")]
log = GameLog(school, rolls, (PlayerLog("지우", tuple(turns)),))
after2 = log.state_at(0, 2)
render_svg(after2, rolls=rolls, turns=turns[:2], player="지우")

# %% [markdown]
# **문제 2.** 2라운드가 끝난 뒤, 엄니(B)에 물을 부으면 물이 맨 먼저 어느 칸으로 새어
# 나갈까요(엄니의 *틈*)? `"B3 C3"`처럼 칸 이름으로 답하세요.

# %% answer
### BEGIN SOLUTION
answer = "G2 G6"    # 엄니의 고리에서 아직 그리지 않은 두 칸이에요. 양 끝에 있어요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_gaps(after2, "B", answer)
### END HIDDEN TESTS
check_gaps(after2, "B", answer)

# %%
tusk = enclosure(after2, "B")
print("그린 고리 칸:", names(tusk.covered))
print("빠진 칸:     ", names(tusk.missing))

# %% [markdown]
# 엄니에 물을 붓는다고 생각해 봐요. 그린 칸은 벽이에요. 물은 한 칸에서 그 칸과 **변을
# 함께 쓰는** 칸으로만 움직여요. 0단계는 화석 자신이에요. 1단계에서 물은 그리지 않은
# 모든 고리 칸에 들어가요: 그 칸들이 **틈**이에요. 틈이 없으면 물은 빠져나갈 수 없어요.
# 바로 그때 화석을 파내요.

# %%
for step in range(4):
    fill = [sentence for topic, sentence in describe(tusk, step, lang=LANG) if topic == "fill"]
    print(fill[0])
print(f"... 모두 {tusk.steps}단계예요. 고리 바깥의 칸 {len(tusk.escaped)}개가 젖었어요.")

# %%
render_enclosure(after2, "B", step=1, turns=turns[:2], lang=LANG)

# %% [markdown]
# **대각선 칸은 왜 필요 없을까요?** 물은 모서리만 닿은 두 벽 사이로 빠져나갈 수 없어요.
# 화석에서 대각선 칸으로 가려면 먼저 고리 칸을 밟아야 해요. 고리를 닫으면 대각선 칸에는
# 닿을 수 없어요.

# %% [markdown]
# ## 틈 막기
# 3라운드와 4라운드에 G2 위로 L을, G6 위로 T를 그려요. 둘 다 또 빗금이에요. 이제 물은
# 엄니를 빠져나갈 수 없어요: 엄니를 파냈어요. 고리의 여덟 칸이 모두 빗금이라서 같은
# 굴착 유형 보너스도 얻어요.

# %%
after4 = log.state_at(0, 4)
for _, sentence in describe(enclosure(after4, "B"), 0, lang=LANG):
    print(sentence)
print("점수:", after4.score().total)

# %%
render_enclosure(after4, "B", turns=turns[:4], lang=LANG)

# %% [markdown]
# ## 같은 굴착 유형 보너스, 그리고 못 얻는 까닭
# 5라운드와 6라운드에 V자 X와 빗금 Z로 이빨의 고리도 닫아요.

# %%
after6 = log.state_at(0, 6)

# %% [markdown]
# **문제 3.** 6라운드가 끝난 뒤, 이빨(C)은 같은 굴착 유형 보너스를 얻을까요? `True`나
# `False`로 답하세요.

# %% answer
### BEGIN SOLUTION
answer = False    # 파냈지만 고리에 두 굴착 유형이 섞여 있어요: V자와 빗금
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_bonus(after6, "C", answer)
### END HIDDEN TESTS
check_bonus(after6, "C", answer)

# %% [markdown]
# 이빨을 파냈어요(점수는 얻어요). 하지만 `+1`은 못 얻어요: 고리에 두 굴착 유형이
# 섞여 있어요.

# %%
tooth = enclosure(after6, "C")
print("파냈나요:", tooth.dug_up, "· 보너스:", tooth.bonus.holds, "· 까닭:", tooth.bonus.reasons)
for topic, sentence in describe(tooth, 0, lang=LANG):
    if topic == "bonus":
        print(sentence)

# %%
render_enclosure(after6, "C", turns=turns, lang=LANG)

# %% [markdown]
# **이 생각을 연습하는 퍼즐: *빗금이 와요*** (`puzzles/1-beginner/26-hatch-is-coming.toml`).
# 두 번째 주사위 굴림은 빗금 모양만 줘요. 들어가는 모양이 있으면 꼭 그려야 해요. 랩터
# 발톱의 고리에 그리면 같은 굴착 유형 보너스를 망쳐요. 망치지 않는 자리를 찾아요. 8강의
# 퍼즐 위젯으로 해 보세요: `PuzzleWidget("../puzzles/1-beginner/26-hatch-is-coming.toml")`.

# %% [markdown]
# ## 해 보기: 둘러싸기 탐색기
# 화석을 고르세요(목록에서, 화석을 클릭해서, 화석의 글자로, 또는 ↑ ↓로). 그다음 버튼이나
# 키로 채우기를 한 단계씩 봐요: → 또는 스페이스는 한 단계, ←는 뒤로, Home은 처음으로,
# End는 채우기 전체예요. 옆의 글이 단계마다 무엇이 보이는지 알려 줘요.

# %%
from paleowidgets.widgets.enclosure import EnclosureWidget

EnclosureWidget(after2, turns=turns[:2], fossil="B", lang=LANG)

# %% [markdown]
# **문제 4.** 새 화석이에요: 6라운드가 끝난 뒤, 삼엽충(A)에서 물이 맨 먼저 어느 칸으로
# 새어 나갈까요? 위의 6라운드 그림에 시트 전체가 있어요.

# %% answer
### BEGIN SOLUTION
answer = "B1 A2 C2 E2 A3 E3 B4 C4 D4"    # 3라운드에 그린 D1을 뺀 모든 고리 칸이에요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check_gaps(after6, "A", answer)
### END HIDDEN TESTS
check_gaps(after6, "A", answer)

# %% [markdown]
# **이제 여러분 차례예요.** 어떤 모양들을 모두 한 가지 굴착 유형으로 그리면 삼엽충의
# 틈을 막고 `+2`도 얻을까요?
#
# ## 상급 학생을 위해
# - 채우기는 **너비 우선 탐색**이에요: *k*단계에 닿는 칸은 열린 칸을 지나 직교로 딱 *k*번
#   움직여 갈 수 있는 칸이에요. 칸마다 한 번씩만 가요. 그래서 걸리는 시간은 지도의 칸 수만큼
#   늘어나요.
# - 고리가 완성되면 화석을 파내요. 채우기의 1단계는 빠진 고리 칸들이에요. 그래서 "물이
#   빠져나갈 수 없다"와 "고리가 완성됐다"는 같은 말이에요. 이 키트의 테스트는 무작위
#   게임에서 이것을 규칙과 맞춰 봐요.
# - 물은 **4-연결**로 움직여요. 벽은 **8-연결**이면 물을 막아요(칸이 모서리로 닿아도
#   돼요). 이 짝은 조르당 곡선 정리의 디지털 판이에요: 닫힌 8-연결 곡선은 4-연결인
#   안쪽과 바깥쪽을 나눠요. 거꾸로 짝지으면 물이 모서리로 새어 나가요.

# %% [markdown]
# ## 마무리 문제
# 마지막으로 혼자 풀어 봐요: 이 수업에서 한 번도 보여 주지 않은 경우에 대한 질문이에요.
# 다음 코드를 실행해서 질문을 보고, 질문 순서대로 답을 리스트 하나에 쓰세요.
# `answer = [첫째, 둘째]`처럼요. 그리고 확인 코드를 실행하세요. 선생님이 결과를 모을 수도 있어요.

# %%
from paleowidgets.exercises.lesson04 import exit_ticket

ticket = exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = ["G2 F3 H3 F4 H4 F5 H5 G6", False]    # 아직 아무것도 안 그렸어요: 굴착 유형이 하나도 없어요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
