# %% [markdown]
# # 3강 — 대칭: 좌표 위에서 움직이는 회전과 뒤집기
#
# **학습 목표**
# - 정사각형의 대칭 여덟 가지를 말해 봐요: 회전 네 가지와 거울 대칭 네 가지예요.
# - 칸 `(x, y)`가 각 대칭으로 어디로 가는지 2 × 2 **행렬**로 계산해요.
# - 두 대칭을 **합성**해요(하나를 하고, 그다음 다른 하나를 해요). 그러면 대칭 하나와
#   같아요. 대칭 하나를 되돌리는 **역변환**도 찾아요.
# - 순서가 중요하다는 걸 알아봐요: 회전 다음 거울 대칭은 거울 대칭 다음 회전과 달라요.
#
# 시트에서 **x**는 오른쪽으로 가는 열을 세고, **y**는 *아래쪽으로* 가는 행을 세요(화면처럼요).
# 칸 `(0, 0)`은 모든 회전의 중심이고, 모든 거울 선 위에 있어요.
#
# **수학책에서 행렬을 배웠다면 조심하세요.** 수학책에서는 y축이 *위*를 향해요. 여기서는
# y축이 아래를 향해요. 그래서 모든 것이 위아래로 뒤집혀 보여요. 이 수업에서 **시계 방향** 90°
# 회전이라고 부르는 행렬을 수학책에서는 *시계 반대 방향* 90° 회전이라고 불러요. 여기서
# 대각선 ↘는 수학책의 직선 y = x예요(수학책에서는 ↗로 그려요).
#
# 문제는 언제나 그 답을 알려 주는 코드보다 *먼저* 나와요. `None` 자리에 답을 쓰고
# 실행한 다음, 그 아래의 확인 코드를 실행하세요.

# %% [markdown] teacher
# ## 선생님을 위한 안내 (교사용에만 있어요)
# **교육과정.** 좌표평면 위의 변환: 원점을 중심으로 한 회전(90°, 180°), x축, y축,
# 직선 y = x와 y = −x에 대한 대칭이동. 변환으로서의 2 × 2 행렬, 합성으로서의 행렬의
# 곱, 역변환(여기서는 전치 행렬). 교환법칙이 성립하지 않음. 상급 학생에게는 이면체군
# D4, 원소의 위수, 행렬식. 14세 이상, 50분.
#
# | 부분 | 분 |
# |---|---|
# | 여덟 가지 대칭, 대칭은 모든 칸을 옮겨요, 문제 1 | 10 |
# | 규칙을 행렬로: 문제 2, 행렬들 | 10 |
# | 합성: 문제 3과 4, 표 | 12 |
# | 역변환: 문제 5, 탐색하기 | 8 |
# | 문제 6과 7, 마무리 문제 | 10 |
#
# **y축은 아래를 향해요 (가장 먼저 말해 주세요).** 여기의 모든 행렬은 교과서에서 *위아래로
# 뒤집힌* 변환의 행렬이에요. 화면에서 **시계 방향** 90° 회전인 `rotate-90`의 행렬은
# `[[0, -1], [1, 0]]`인데, y축이 위를 향하는 교과서는 이것을 **시계 반대 방향** 90°
# 회전이라고 불러요. `flip-diagonal`(화면에서 ↘)은 교과서의 직선 y = x에 대한
# 대칭이동이에요. 계산(곱, 역변환, 표)은 똑같고, 시계 방향/시계 반대 방향이라는 말만
# 서로 바뀌어요. 교과서로 확인하는 학생은 "반대" 답을 얻는데, 다른 약속에서는 그 답도
# 맞아요.
#
# **자주 하는 오해.**
# - `second @ first`를 왼쪽에서 오른쪽으로 읽기: 행렬이나 함수(f ∘ g)처럼 오른쪽에 있는
#   단계를 먼저 해요.
# - 문제 1: (1, 2)나 (1, −2): 반대 방향으로 돌렸거나 부호를 잃어버렸어요. 칸을 그려 보게 하세요.
# - 문제 3: 두 대칭의 합성은 언제나 순서를 바꿔도 같다고 생각하기 (회전끼리는 같지만,
#   회전과 거울 대칭은 달라요).
# - 문제 5: "90° 회전은 90° 회전이 되돌린다": 세 번 더 돌려야 해요.
# - 문제 6: 안정자에는 언제나 항등 변환이 들어 있어요.
#
# **쉬운 길.** 탐색기 위젯과 모눈종이로 문제 1, 5, 6만 해요. 합성 표는 건너뛰어요.
# **어려운 길.** *더 나아가기*: 결합법칙, 위수, 행렬식. 각 행렬의 역행렬이 전치 행렬임을
# 증명해 봐요.
#
# 풀이는 답 코드에 있고, 그 까닭도 함께 적혀 있어요.

# %%
from paleowidgets.core.geometry import (
    PENTOMINOES,
    SYMMETRIES,
    composition_table,
    normalise,
)
from paleowidgets.exercises import lesson03 as check
from paleowidgets.i18n import set_language
from paleowidgets.render.figures import symmetry_name, transform_svg

# 아래의 모든 글(그림, 위젯, 확인)의 언어를 한 번에 정해요.
set_language("ko")

for key, (name, s) in enumerate(SYMMETRIES.items(), start=1):
    kind = "회전" if s.is_rotation else "거울"
    print(f"{key}. {kind} {name:18} {symmetry_name(s, 'ko')}")

# %% [markdown]
# ## 대칭은 모든 칸을 옮겨요
# L 모양이에요. 칸에 1부터 5까지 번호가 있어요. **시계 방향 90° 회전** 전과 후를 봐요.
# 2번 칸을 따라가 보세요: `(0, 1)`에 있던 칸이 `(-1, 0)`으로 가요. 동그라미는 회전의
# 중심이에요.

# %%
transform_svg("L", "rotate-90")

# %% [markdown]
# **문제 1.** 칸 `(2, 1)`은 시계 방향 90° 회전으로 어디로 갈까요? `(3, 0)`처럼 칸
# `(x, y)`로 답하세요. 먼저 모눈종이에 그려 보세요.

# %% answer
### BEGIN SOLUTION
answer = (-1, 2)    # (x, y) -> (-y, x): 칸 (1, 0)은 (0, 1)로, (0, 1)은 (-1, 0)으로 가요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_image("rotate-90", (2, 1), answer)
### END HIDDEN TESTS
check.check_image("rotate-90", (2, 1), answer)

# %% [markdown]
# 이번에는 대각선 ↘(점선)에 대한 **거울 대칭**이에요. 모든 칸 `(x, y)`가 `(y, x)`로
# 가요. 거울 선 위에 있는 칸은 그대로 있어요.

# %%
transform_svg("F", "flip-diagonal")

# %% [markdown]
# ## 규칙을 행렬로 써요
# 대칭마다 규칙 `(x, y) → (a·x + b·y, c·x + d·y)`가 있어요. 이것을 행렬
# `[[a, b], [c, d]]`로 써요. 수 a, b, c, d는 0, 1, −1 중 하나예요. 행렬의 열은 칸
# `(1, 0)`과 `(0, 1)`이 어디로 가는지 알려 줘요.

# %% [markdown]
# **문제 2.** 목록을 보기 전에 대각선 ↘에 대한 거울 대칭(`(x, y)`를 `(y, x)`로 보내요)의
# 행렬을 `[[a, b], [c, d]]`로 써 보세요.

# %% answer
### BEGIN SOLUTION
answer = [[0, 1], [1, 0]]    # 열: (1, 0) -> (0, 1), (0, 1) -> (1, 0)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_matrix("flip-diagonal", answer)
### END HIDDEN TESTS
check.check_matrix("flip-diagonal", answer)

# %% [markdown]
# 여덟 가지 대칭의 행렬이에요:

# %%
for name, s in SYMMETRIES.items():
    print(f"{name:18} {[list(row) for row in s.matrix]}   (1, 0) -> {s((1, 0))}, "
          f"(0, 1) -> {s((0, 1))}")

# %% [markdown]
# 모양 전체는 칸 하나하나씩 움직여요. 그다음 가장 작은 x와 y가 0이 되도록 다시 밀어
# 놓아요(2강에서 방향들을 이렇게 그렸어요):

# %%
cells = PENTOMINOES["L"].cells
turned = [SYMMETRIES["rotate-90"](c) for c in cells]
print("전:         ", cells)
print("후:         ", tuple(turned))
print("다시 밀면:  ", normalise(turned))

# %% [markdown]
# ## 두 번 이어서 하기: 합성
# 90° 회전을 하고, **그다음** 좌우 대칭을 해요. 결과는 다시 여덟 가지 대칭 중 하나예요.
# 이 패키지에서 `second @ first`는 "first를 하고, 그다음 second"라는 뜻이에요(행렬처럼
# 오른쪽 단계를 먼저 해요). 표에 모든 짝이 있어요: 행은 나중 단계, 열은 먼저 한 단계예요.

# %% [markdown]
# **문제 3.** "시계 방향 90° 회전, **그다음** 좌우 대칭"은 어떤 대칭 하나와 같을까요?
# `"rotate-180"`처럼 이름으로 답하세요. 칸 `(1, 0)`과 `(0, 1)`을 따라가 보세요.

# %% answer
### BEGIN SOLUTION
answer = "flip-diagonal"    # (1, 0) -> (0, 1) -> (0, 1), (0, 1) -> (-1, 0) -> (1, 0)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_composition("rotate-90", "flip-horizontal", answer)
### END HIDDEN TESTS
check.check_composition("rotate-90", "flip-horizontal", answer)

# %% [markdown]
# **문제 4.** 시계 방향 90° 회전과 함께 할 때 순서가 중요한 대칭을 하나 찾아보세요. 90°
# 회전 전에 하는 것과 후에 하는 것이 달라요. 이름으로 답하세요.

# %% answer
### BEGIN SOLUTION
answer = "flip-vertical"    # 거울 대칭 네 개 모두 돼요: 회전 다음 거울 대칭은 다른 거울 대칭이에요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_non_commuting("rotate-90", answer)
### END HIDDEN TESTS
check.check_non_commuting("rotate-90", answer)

# %%
quarter, mirror = SYMMETRIES["rotate-90"], SYMMETRIES["flip-horizontal"]
print("90° 회전 다음 거울 대칭:", (mirror @ quarter).name)
print("거울 대칭 다음 90° 회전:", (quarter @ mirror).name)

short = {"identity": "id", "rotate-90": "r90", "rotate-180": "r180", "rotate-270": "r270",
         "flip-horizontal": "m|", "flip-vertical": "m-", "flip-diagonal": "m\\",
         "flip-antidiagonal": "m/"}
table = composition_table()
print("나중\\먼저    " + "".join(f"{short[f]:>6}" for f in SYMMETRIES))
for second in SYMMETRIES:
    print(f"{short[second]:>12} " + "".join(f"{short[table[(second, f)]]:>6}"
                                            for f in SYMMETRIES))

# %% [markdown]
# 표를 읽어 봐요: 모든 대칭이 각 행과 각 열에 딱 한 번씩 나와요. 항등 변환의 행과 열은
# 제목을 그대로 옮겨 써요. 표는 **대칭이 아니에요**: 순서가 중요해요(이 군은 *교환법칙이
# 성립하지 않아요*). 하지만 회전 두 개는 언제나 순서를 바꿀 수 있어요.
#
# ## 되돌리기: 역변환
# 모든 대칭은 여덟 가지 중 하나로 되돌릴 수 있어요.

# %% [markdown]
# **문제 5.** 시계 방향 90° 회전을 되돌리는 대칭은 무엇일까요? 이름으로 답하세요.

# %% answer
### BEGIN SOLUTION
answer = "rotate-270"    # 시계 방향으로 90°씩 세 번 더: 시계 반대 방향 90° 회전이에요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_inverse("rotate-90", answer)
### END HIDDEN TESTS
check.check_inverse("rotate-90", answer)

# %% [markdown]
# 거울 대칭은 자기 자신이 되돌려요. 시계 방향 90° 회전은 시계 반대 방향 90° 회전이
# 되돌려요. 이 행렬들의 역행렬은 **전치 행렬**이에요(행이 열이 돼요).

# %%
for name, s in SYMMETRIES.items():
    print(f"{name:18} 되돌리기: {s.inverse.name:18} 확인: {(s.inverse @ s).name}")

# %% [markdown]
# ## 탐색하기
# 모양을 고르고 대칭 버튼을 차례로 눌러 보세요(또는 그림을 클릭하고 1–8, R, F, ← →,
# Backspace, Esc 키를 써요). 전과 후의 좌표, 여러 단계를 합친 대칭 하나, 그리고 지금
# 방향이 네모 틀로 표시된 모양의 궤도가 보여요. 띠에서 방향 하나를 클릭하면 그 방향을 보여 줘요.

# %%
from paleowidgets.widgets.transform import TransformExplorer

explorer = TransformExplorer("F", lang="ko")
explorer.apply("rotate-90")
explorer.apply("flip-horizontal")
explorer

# %% [markdown]
# ## 두 문제 더
# **문제 6.** T 모양을 바꾸지 않는 대칭(T의 안정자)은 무엇일까요? `["rotate-180"]`처럼
# 이름의 리스트로 답하세요. (T는 막대가 위에 오도록 똑바로 서 있어요.)

# %% answer
### BEGIN SOLUTION
answer = ["identity", "flip-horizontal"]    # 아무것도 안 하기, 그리고 좌우 대칭
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_stabiliser("T", answer)
### END HIDDEN TESTS
check.check_stabiliser("T", answer)

# %% [markdown]
# **문제 7.** 새 거울이에요: 대각선 ↙(`(1, -1)`과 `(-1, 1)`을 지나는 직선)이에요. 이
# 거울 대칭은 칸 `(3, 1)`을 어디로 보낼까요?

# %% answer
### BEGIN SOLUTION
answer = (-1, -3)    # (x, y) -> (-y, -x)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_image("flip-antidiagonal", (3, 1), answer)
### END HIDDEN TESTS
check.check_image("flip-antidiagonal", (3, 1), answer)

# %% [markdown]
# ## 더 나아가기 (상급 학생)
# - 여덟 가지 대칭과 합성은 **이면체군 D4**를 이뤄요: 항등원이 있고, 모든 원소에 역원이
#   있고, 합성은 결합법칙을 만족해요. 세 개를 몇 번 골라 `(a @ b) @ c == a @ (b @ c)`인지
#   확인해 보세요.
# - 대칭의 **위수**는 처음으로 돌아오려면 몇 번 되풀이해야 하는지예요. 어떤 위수들이
#   나오나요? 거울 대칭의 위수는 왜 2일 수밖에 없을까요?
# - 회전의 행렬식 `a·d − b·c`는 1이고, 거울 대칭의 행렬식은 −1이에요. 거울 대칭 다음
#   거울 대칭은 왜 언제나 회전일까요?

# %%
print({name: s.order for name, s in SYMMETRIES.items()})
print({name: s.a * s.d - s.b * s.c for name, s in SYMMETRIES.items()})

# %% [markdown]
# ## 마무리 문제
# 마지막으로 혼자 풀어 봐요: 이 수업에서 한 번도 보여 주지 않은 경우에 대한 질문이에요.
# 다음 코드를 실행해서 질문을 보고, 질문 순서대로 답을 리스트 하나에 쓰세요.
# `answer = [첫째, 둘째]`처럼요. 그리고 확인 코드를 실행하세요. 선생님이 결과를 모을 수도 있어요.

# %%
ticket = check.exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = [(-3, 1), "rotate-90", ["identity", "rotate-180", "flip-horizontal", "flip-vertical"]]
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
